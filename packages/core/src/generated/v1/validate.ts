// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/event.schema.json, schemas/v1/snapshot-declaration.schema.json
// Regenerate: pnpm generate

import { createValidator } from "../../validation.js";
import type * as Strict from "./types.js";
import type * as Tolerant from "./tolerant-types.js";
import * as eventStrict from "./validators/event.strict.js";
import * as eventTolerant from "./validators/event.tolerant.js";
import * as snapshotDeclarationStrict from "./validators/snapshot-declaration.strict.js";
import * as snapshotDeclarationTolerant from "./validators/snapshot-declaration.tolerant.js";

/** Validates a value as `Event` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/event.schema.json). */
export const validateEvent = createValidator<Strict.Event>("Event", "strict", eventStrict.Event);
/** Validates a value as `Event` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/event.schema.json). */
export const validateEventTolerant = createValidator<Tolerant.Event>("Event", "tolerant", eventTolerant.Event);

/** Validates a value as `EventType` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/event.schema.json#/$defs/EventType). */
export const validateEventType = createValidator<Strict.EventType>("EventType", "strict", eventStrict.EventType);
/** Validates a value as `EventType` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/event.schema.json#/$defs/EventType). */
export const validateEventTypeTolerant = createValidator<Tolerant.EventType>("EventType", "tolerant", eventTolerant.EventType);

/** Validates a value as `SnapshotDeclaration` the way a writer must emit it: closed vocabularies, no unknown fields (schemas/v1/snapshot-declaration.schema.json). */
export const validateSnapshotDeclaration = createValidator<Strict.SnapshotDeclaration>("SnapshotDeclaration", "strict", snapshotDeclarationStrict.SnapshotDeclaration);
/** Validates a value as `SnapshotDeclaration` the way a reader accepts it: unknown fields and newer vocabulary members of the same major version pass (schemas/v1/snapshot-declaration.schema.json). */
export const validateSnapshotDeclarationTolerant = createValidator<Tolerant.SnapshotDeclaration>("SnapshotDeclaration", "tolerant", snapshotDeclarationTolerant.SnapshotDeclaration);

/** Every definition's validators by name, for callers that choose the definition at run time. */
export const validators = {
  Event: { strict: validateEvent, tolerant: validateEventTolerant },
  EventType: { strict: validateEventType, tolerant: validateEventTypeTolerant },
  SnapshotDeclaration: { strict: validateSnapshotDeclaration, tolerant: validateSnapshotDeclarationTolerant },
} as const;

export type DefinitionName = keyof typeof validators;
