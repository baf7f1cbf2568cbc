import type { FormErrors } from '@mantine/form';

interface ValidationIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** The part of a zod 4 schema the resolver needs, so the web app does not depend on zod itself. */
interface SafeParseSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly ValidationIssue[] } };
}

/**
 * Mantine form validation from a contracts schema, so the web app shows exactly the messages the
 * API would answer with. The first issue of each field wins ("is required" before "at least 8").
 */
export function zodResolver(schema: SafeParseSchema): (values: unknown) => FormErrors {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.');
      if (!(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}
