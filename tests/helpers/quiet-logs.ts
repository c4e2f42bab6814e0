// Tests log nothing unless LOG_LEVEL=info is set; child processes (fault drills, benchmarks) inherit it.
import { setLogLevel } from "../../server/src/logger.ts";

process.env.LOG_LEVEL ??= "silent";
setLogLevel(process.env.LOG_LEVEL === "info" ? "info" : "silent");
