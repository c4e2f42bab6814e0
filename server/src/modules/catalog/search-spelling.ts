// How a shopper's word is forgiven before the database matches it (decision 033): a plural finds
// the singular ("gowns" finds "Gown"), a word found nowhere is read as the closest word or pair of
// joined words of the catalogue's names ("jeens" → "jeans", "skrit" → "skirt", "tshirt" → "t shirt"),
// and a letter typed apart is joined to the word it goes with ("t shirt", "t-shirt" → "tshirt").
// Pure rules on text already folded as search_normalize() folds it (lowercase, no accents, words
// apart); the database then matches the forms with LIKE on its trigram index.

/** What to look for, as substrings, for one word: the word without a plural ending (every form
 *  but the "-ies" → "-y" one is a prefix of the word, so the word itself is always found too). */
export function wordForms(word: string): string[] {
  if (word.length < 4 || !word.endsWith("s") || /(ss|us|is)$/.test(word)) return [word];
  if (word.length >= 5 && word.endsWith("ies")) return [word.slice(0, -1), `${word.slice(0, -3)}y`];
  if (/(ss|sh|ch|x|z)es$/.test(word)) return [word.slice(0, -2)];
  return [word.slice(0, -1)];
}

/** Edit distance counting a swap of two neighbouring letters as one edit ("skrit"/"skirt": 1),
 *  or `max + 1` as soon as it is known to exceed `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** The words of the catalogue's names and each pair of neighbouring words joined ("t shirt" is
 *  also "tshirt"), by their spelling without spaces → as written in the names. */
export type Vocabulary = Map<string, string>;

const LETTERS = /^\p{L}+$/u;

export function vocabularyOf(names: Iterable<string>): Vocabulary {
  const vocabulary: Vocabulary = new Map();
  for (const name of names) {
    const words = name.split(/\s+/).filter(Boolean);
    words.forEach((word, i) => {
      vocabulary.set(word, word);
      // Pairs of words only (not "blouse 9" from "Blouse 9"): numbers are not joined to words.
      const next = words[i + 1];
      if (next && LETTERS.test(word) && LETTERS.test(next)) vocabulary.set(word + next, `${word} ${next}`);
    });
  }
  return vocabulary;
}

/** How many edits a word of this length may hold and still be recognised: none for 1–3 letters
 *  (every short word is near dozens of others), one for 4–5, two from 6. */
export function editsForgiven(word: string): number {
  return word.length <= 3 ? 0 : word.length <= 5 ? 1 : 2;
}

const MAX_CORRECTIONS = 6;

/** The catalogue's spellings nearest to a word found nowhere as written (all those at the smallest
 *  distance, at most a few), as written in the names; none when nothing is near enough. */
export function corrections(word: string, vocabulary: Vocabulary): string[] {
  const max = editsForgiven(word);
  let best = max + 1;
  let found: string[] = [];
  for (const [spelling, written] of vocabulary) {
    const distance = spelling === word ? 0 : max === 0 ? 1 : editDistance(word, spelling, Math.min(max, best));
    if (distance > max || distance > best) continue;
    if (distance < best) {
      best = distance;
      found = [];
    }
    found.push(written);
  }
  return found.sort().slice(0, MAX_CORRECTIONS);
}

/** The shopper's words with a lone letter joined to the next word where the names join them ("t
 *  shirt" and "t-shirt" → "tshirt", as "T-Shirt" is in the vocabulary): a hyphen or space inside a
 *  word does not matter (issue 39). A letter alone would match nearly every product. */
export function joinLoneLetters(words: string[], vocabulary: Vocabulary): string[] {
  const joined: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const next = words[i + 1];
    const pair = next !== undefined && word.length === 1 ? word + next : null;
    if (pair && wordForms(pair).concat(pair).some((form) => vocabulary.has(form))) {
      joined.push(pair);
      i++;
    } else joined.push(word);
  }
  return [...new Set(joined)];
}
