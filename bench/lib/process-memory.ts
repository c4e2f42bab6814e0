// Resident memory of a server process and its descendants, from Linux's /proc: VmRSS (now) and
// VmHWM (the most it has held since it started: what the machine must have room for).
import fs from "node:fs";

const KB = /(\w+):\s+(\d+) kB/g;

function status(pid: number): Record<string, number> {
  const fields: Record<string, number> = {};
  for (const [, name, kb] of fs.readFileSync(`/proc/${pid}/status`, "utf8").matchAll(KB)) fields[name!] = Number(kb) / 1024;
  return fields;
}

/** The process and every descendant still running (read from each thread's children list). */
function processTree(pid: number): number[] {
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    let tasks: string[] = [];
    try {
      tasks = fs.readdirSync(`/proc/${found[i]}/task`);
    } catch {
      continue; // ended meanwhile
    }
    for (const task of tasks) {
      try {
        const children = fs.readFileSync(`/proc/${found[i]}/task/${task}/children`, "utf8").trim();
        if (children) found.push(...children.split(/\s+/).map(Number));
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return found;
}

export interface ProcessMemory {
  /** MiB, summed over the process tree. */
  rss: number;
  /** Peak RSS (MiB), summed over the process tree (each process's own peak: an upper bound when
   *  they peaked at different times). */
  hwm: number;
  processes: number;
}

export function processMemory(pid: number): ProcessMemory {
  let rss = 0;
  let hwm = 0;
  let processes = 0;
  for (const each of processTree(pid)) {
    try {
      const fields = status(each);
      rss += fields.VmRSS ?? 0;
      hwm += fields.VmHWM ?? 0;
      processes++;
    } catch {
      // ended meanwhile
    }
  }
  return { rss, hwm, processes };
}
