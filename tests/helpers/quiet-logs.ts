// Tests log nothing unless LOG_LEVEL asks for info, warn or error; child processes (fault drills,
// benchmarks) inherit it.
import { setLogLevel } from "../../server/src/logger.ts";

process.env.LOG_LEVEL ??= "silent";
const asked = process.env.LOG_LEVEL;
setLogLevel(asked === "info" || asked === "warn" || asked === "error" ? asked : "silent");
