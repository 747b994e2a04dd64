/** One error as ajv reports it from a generated standalone validator. */
export interface StandaloneValidatorError {
  /** JSON pointer (RFC 6901) to the offending value; "" is the root. */
  instancePath: string;
  /** JSON pointer into the schema, for example `#/properties/seq/minimum`. */
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** The shape of every function exported by the generated `validators/*.js` modules. */
export interface StandaloneValidator<T> {
  (data: unknown): data is T;
  errors?: StandaloneValidatorError[] | null;
}
