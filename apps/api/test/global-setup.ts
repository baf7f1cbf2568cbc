import type { TestProject } from 'vitest/node';
import { createTemplate, type TestBackend } from './template-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testBackend: TestBackend;
  }
}

/** Migrates the template database once per run; each test file clones it. */
export default async function setup(project: TestProject) {
  const { backend, dispose } = await createTemplate();
  project.provide('testBackend', backend);
  return dispose;
}
