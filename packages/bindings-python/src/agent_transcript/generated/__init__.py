# AUTO-GENERATED FILE. DO NOT EDIT.
# Source: schemas/v1/event.schema.json, schemas/v1/snapshot-declaration.schema.json
# Regenerate: pnpm generate
