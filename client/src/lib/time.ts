// Countdowns and waiting times. Times of day are formatted by common/lagos-time.ts.
import { useEffect, useState } from "react";

/** "5h 03m 09s" (or "2d 1h 05m" beyond a day); "0s" once passed. */
export function formatCountdown(ms: number): string {
  if (ms <= 0) return "0s";
  const s = Math.floor(ms / 1000);
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const mm = String(minutes).padStart(2, "0");
  if (days > 0) return `${days}d ${hours}h ${mm}m`;
  return `${hours}h ${mm}m ${String(seconds).padStart(2, "0")}s`;
}

/** How long ago, for the payments queue: "3 min", "2 h 5 min", "1 d 4 h". */
export function formatWaiting(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** The current time, refreshed every intervalMs while mounted. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
