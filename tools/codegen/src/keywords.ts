/**
 * JSON Schema's annotation keywords that no validator reads — which values pass is the same with or without them
 * (ajv treats the content keywords as annotations too). The one list for the tools that need it: the specialised
 * validators' generator skips them, and the compatibility gate classes a change to one as an annotation change.
 */
export const jsonSchemaAnnotationKeywords = [
  "title",
  "description",
  "examples",
  "$comment",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "contentEncoding",
  "contentMediaType",
] as const;
