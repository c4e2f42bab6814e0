// XML read back the way a crawler would: refused unless well-formed (fast-xml-parser's validator),
// then parsed into plain objects with repeated elements always as arrays.
import { XMLParser, XMLValidator } from "fast-xml-parser";

export function parseXml(text: string, repeated: string[] = []): any {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`Not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => repeated.includes(name) });
  return parser.parse(text);
}
