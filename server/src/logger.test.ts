import { logger, setLogLevel } from "./logger.ts";

function linesWritten(run: () => void): { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const stdout = process.stdout.write.bind(process.stdout);
  const stderr = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((chunk: string) => (out.push(JSON.parse(String(chunk)).message), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string) => (err.push(JSON.parse(String(chunk)).message), true)) as typeof process.stderr.write;
  try {
    run();
  } finally {
    process.stdout.write = stdout;
    process.stderr.write = stderr;
  }
  return { out, err };
}

const everyLevel = () => {
  logger.info("i");
  logger.warn("w");
  logger.error("e");
};

describe("logger levels (LOG_LEVEL)", () => {
  afterAll(() => setLogLevel("silent"));

  it("writes the configured level and the more severe ones", () => {
    setLogLevel("info");
    expect(linesWritten(everyLevel)).toEqual({ out: ["i"], err: ["w", "e"] });
    setLogLevel("warn");
    expect(linesWritten(everyLevel)).toEqual({ out: [], err: ["w", "e"] });
    setLogLevel("error");
    expect(linesWritten(everyLevel)).toEqual({ out: [], err: ["e"] });
    setLogLevel("silent");
    expect(linesWritten(everyLevel)).toEqual({ out: [], err: [] });
  });
});
