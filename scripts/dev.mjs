// `npm run dev`: the API with file watching on PORT (3000) and the Vite dev server on 5173, which
// proxies /api to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', '-w', '@resonant/api', 'dev'], { stdio: 'inherit' }),
  spawn('npm', ['run', '-w', '@resonant/web', 'dev'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
