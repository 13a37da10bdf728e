import { StartupError } from '../startup-error.js';

/** Thrown when the database cannot be opened or reached; main prints it as one line. */
export class DatabaseUnavailableError extends StartupError {}
