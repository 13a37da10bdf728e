// `npm run dev`: the API with reload on :3000 and Vite with hot reload on :5173 (proxying /api).
import { spawn } from 'node:child_process';

const children = ['@toolyard/server', '@toolyard/web'].map((workspace) =>
  spawn('npm', ['run', 'dev', '-w', workspace], { stdio: 'inherit' }),
);
const stop = (code) => {
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
console.log('Toolyard dev: open http://localhost:5173 (API on http://localhost:3000)');
