import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { PASSWORD_ESTIMATE_LENGTH, PASSWORD_MIN_SCORE, SHOP_NAME } from '@toolyard/shared';

/** Whose password it is: their own name and address are among the first guesses. */
export interface PasswordOwner {
  name?: string | undefined;
  email?: string | undefined;
}

export interface PasswordVerdict {
  /** zxcvbn's score, 0 (guessed at once) to 4 (very hard to guess). */
  score: number;
  /** Why it is weak and what would help, in zxcvbn's words; empty for a strong password. */
  feedback: string[];
}

/** The words a guesser tries first: the shop's name, the person's name and email, and their parts. */
export function guessesFor({ name, email }: PasswordOwner): string[] {
  const words = [SHOP_NAME];
  if (name) words.push(name, ...name.split(/\s+/));
  if (email) {
    const local = email.split('@')[0] ?? '';
    words.push(email, local, ...local.split(/[^\p{L}\p{N}]+/u));
  }
  return [...new Set(words.map((w) => w.trim().toLowerCase()).filter((w) => w.length >= 3))];
}

/*
 * The estimator's thread. zxcvbn takes up to a few hundred milliseconds on a long password and
 * holds about 40 MB of dictionaries: in a thread of its own, loaded on first use, it never holds
 * up the event loop that answers every other request. Plain JavaScript, so that it runs the same
 * from the sources (tests, npm run dev) and from the build.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { ZxcvbnFactory } = require(workerData.paths.core);
const common = require(workerData.paths.common);
const en = require(workerData.paths.en);
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  translations: {
    ...en.translations,
    warnings: { ...en.translations.warnings, ...workerData.warnings },
  },
  maxLength: workerData.maxLength,
  l33tMaxSubstitutions: workerData.l33tMaxSubstitutions,
});
parentPort.on('message', ({ id, password, userInputs }) => {
  const { score, feedback } = zxcvbn.check(password, userInputs);
  parentPort.postMessage({ id, score, feedback: [feedback.warning, ...feedback.suggestions] });
});
`;

interface Answer {
  id: number;
  score: number;
  feedback: (string | null)[];
}

function startThread(): Worker {
  const require = createRequire(import.meta.url);
  return new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: {
      paths: {
        core: require.resolve('@zxcvbn-ts/core'),
        common: require.resolve('@zxcvbn-ts/language-common'),
        en: require.resolve('@zxcvbn-ts/language-en'),
      },
      warnings: { userInputs: `Your name, your email address and ${SHOP_NAME} are easy to guess.` },
      maxLength: PASSWORD_ESTIMATE_LENGTH,
      // zxcvbn tries up to 100 letter-for-symbol swaps by default, which makes a 100-character
      // password of symbols take seconds; four still finds "p4$$w0rd".
      l33tMaxSubstitutions: 4,
    },
  });
}

let thread: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (a: Answer) => void; reject: (e: unknown) => void }>();

function estimator(): Worker {
  if (thread) return thread;
  const started = startThread();
  started.on('message', (answer: Answer) => {
    waiting.get(answer.id)?.resolve(answer);
    waiting.delete(answer.id);
    if (waiting.size === 0) started.unref();
  });
  const fail = (error: unknown) => {
    if (thread === started) thread = undefined;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the password estimator stopped (exit ${code})`)));
  thread = started;
  return started;
}

/**
 * How hard `password` is to guess (its first PASSWORD_ESTIMATE_LENGTH characters), with the
 * shop's name and the owner's name and email as the first guesses. One estimator thread serves
 * the process; the callers bound how many wait (the password-hash slots).
 */
export async function estimatePassword(
  password: string,
  owner: PasswordOwner,
): Promise<PasswordVerdict> {
  const worker = estimator();
  const id = nextId++;
  const answer = await new Promise<Answer>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.ref();
    worker.postMessage({ id, password, userInputs: guessesFor(owner) });
  });
  return {
    score: answer.score,
    feedback:
      answer.score >= PASSWORD_MIN_SCORE
        ? []
        : answer.feedback.filter((f): f is string => typeof f === 'string' && f !== ''),
  };
}

/** The sentence shown under the password field for a password that is too easy to guess. */
export function weakPasswordMessage(verdict: PasswordVerdict): string {
  const why =
    verdict.feedback.length > 0 ? verdict.feedback : ['Add more words that are less common.'];
  return ['This password is too easy to guess.', ...why].join(' ');
}
