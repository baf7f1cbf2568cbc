// Component tests (*.test.tsx, each in jsdom by its first line) get the DOM helpers, Testing
// Library and the mocked API; the pure-function tests (*.test.ts, in Node) load none of it.
if (typeof document !== 'undefined') await import('./component-setup.ts');

export {};
