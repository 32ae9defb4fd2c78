-- AlterTable
ALTER TABLE "AppealVote" ADD COLUMN     "result" "GameResult";

-- Votes written before this field held their result as a "[result] " prefix of the note (issue 22):
-- move it to the field and keep the member's words as the note.
UPDATE "AppealVote"
SET "result" = (substring("note" from '^\[([a-z_]+)\]'))::"GameResult",
    "note" = NULLIF(regexp_replace("note", '^\[[a-z_]+\] ?', ''), '')
WHERE "choice" = 'uphold'
  AND substring("note" from '^\[([a-z_]+)\]') IN (SELECT unnest(enum_range(NULL::"GameResult"))::text);
