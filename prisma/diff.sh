#!/usr/bin/env bash
# `npm run db:diff -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL
# that takes the committed schema (HEAD) to the working prisma/schema.prisma. Runs offline.
set -euo pipefail
name="${1:?usage: npm run db:diff -- <migration_name>}"
cd "$(dirname "$0")/.."
export PRISMA_QUERY_ENGINE_LIBRARY="$PWD/.prisma-dummy-engine" PRISMA_HIDE_UPDATE_MESSAGE=1 CHECKPOINT_DISABLE=1
old=$(mktemp --suffix=.prisma)
trap 'rm -f "$old"' EXIT
if git cat-file -e HEAD:prisma/schema.prisma 2>/dev/null; then
  git show HEAD:prisma/schema.prisma > "$old"
  from=(--from-schema-datamodel "$old")
else
  from=(--from-empty)
fi
sql=$(npx prisma migrate diff "${from[@]}" --to-schema-datamodel prisma/schema.prisma --script)
if ! grep -qv '^\s*\(--.*\)\?$' <<<"$sql"; then
  echo "No schema changes against HEAD; nothing written."
  exit 0
fi
dir="prisma/migrations/$(date -u +%Y%m%d%H%M%S)_${name}"
mkdir -p "$dir"
printf '%s\n' "$sql" > "$dir/migration.sql"
echo "Wrote $dir/migration.sql"
