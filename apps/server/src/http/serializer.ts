import fastJson from 'fast-json-stringify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };
const NULL_ONLY = (schema: unknown) =>
  typeof schema === 'object' && schema !== null && (schema as JsonSchema).type === 'null';

/**
 * The JSON Schema as fast-json-stringify reads it best: a nullable object (`anyOf` the object and null) as
 * the object marked `nullable`, which it writes directly where it would otherwise validate each value against
 * the branches at run time; and no `additionalProperties: false`, which it does not need to leave other
 * properties out (it writes only the listed ones) and which made that run-time validation refuse an object
 * carrying an extra property instead of leaving the property out.
 */
function forSerializer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializer);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { anyOf, additionalProperties, ...rest } = schema as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(rest)) out[key] = forSerializer(value);
  if (additionalProperties !== undefined && additionalProperties !== false) {
    out.additionalProperties = forSerializer(additionalProperties);
  }
  if (Array.isArray(anyOf)) {
    const values = anyOf.filter((branch) => !NULL_ONLY(branch));
    if (values.length === 1 && anyOf.length === 2)
      return { ...out, ...(forSerializer(values[0]) as JsonSchema), nullable: true };
    out.anyOf = forSerializer(anyOf);
  }
  return out;
}

/**
 * A success answer's serializer compiled from its zod schema (through the schema's JSON Schema, by
 * fast-json-stringify): it writes the schema's properties and nothing else, in the schema's order, as
 * zod's check followed by JSON.stringify does, but in one pass over the answer without copying it. For the
 * answers a console reads many times a minute (the player list: zod's copy and JSON.stringify were 15% of
 * its request, issue 15). What it gives up: zod's check of each value's type at run time; the presenter's
 * TypeScript type is that schema's, and a missing required property still fails the request. A schema JSON
 * Schema cannot state (a transform) is refused when the route is registered, not at the first request.
 */
export function compiledSerializer(schema: z.ZodType): (data: unknown) => string {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  return fastJson(forSerializer(json) as Parameters<typeof fastJson>[0]);
}

/** A route's serializers when its success answer is compiled: compiledSerializer for 200, zod's for failures. */
export const compiledSuccessSerializer: typeof serializerCompiler = (routeSchema) =>
  routeSchema.httpStatus === '200'
    ? compiledSerializer(routeSchema.schema as z.ZodType)
    : serializerCompiler(routeSchema);
