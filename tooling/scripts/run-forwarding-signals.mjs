import { spawn } from "node:child_process";
import { constants } from "node:os";

/** The stop signals a terminal or a process supervisor sends. */
const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * Runs a command and hands it every stop signal this process receives meanwhile, then resolves
 * with its exit code (128 + the signal's number when a signal ended it, as shells report it).
 * A child run with spawnSync outlives its parent: a supervisor's SIGTERM to `npm start` reached
 * this bootstrap only, which died and left the api, the website and PostgreSQL running.
 */
export function runForwardingSignals(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", ...options });
    const forward = (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    for (const signal of STOP_SIGNALS) process.on(signal, forward);
    const stopForwarding = () => {
      for (const signal of STOP_SIGNALS) process.off(signal, forward);
    };
    child.once("error", (error) => {
      stopForwarding();
      reject(error);
    });
    child.once("exit", (code, signal) => {
      stopForwarding();
      resolve(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}
