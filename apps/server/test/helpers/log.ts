/** One line of the app's JSON log (pino): its level number, its message and its fields. */
export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/**
 * The app's log kept in memory: pass `logger` to buildTestApp. Read it as text (to prove a
 * secret is nowhere in it) or as parsed lines.
 */
export function captureLog() {
  const written: string[] = [];
  const lines = () => written.map((line) => JSON.parse(line) as LogLine);
  return {
    logger: { level: 'info', stream: { write: (line: string) => void written.push(line) } },
    /** Everything written so far, as written. */
    text: () => written.join(''),
    /** The lines written so far, from the `from`th on. */
    lines: (from = 0) => lines().slice(from),
    /** The lines with this message. */
    withMessage: (msg: string) => lines().filter((line) => line.msg === msg),
    /** How many lines have been written. */
    get length() {
      return written.length;
    },
  };
}

export type CapturedLog = ReturnType<typeof captureLog>;
