// Homepage sections (the home page shows the active one with the lowest display order).
import type { Db } from "../../db/database.ts";
import type { SectionType } from "../../generated/prisma/enums.ts";
import { recordAudit, type Actor } from "../audit/audit.service.ts";
import { NotFoundError, invariant } from "../errors.ts";
import { isUuid } from "../../../../common/uuid.ts";

export const SECTION_TYPES = ["latest", "best_sellers", "random"] as const;

export interface SectionInput {
  title: string;
  sectionType?: SectionType | null;
  description?: string | null;
  isActive?: boolean | null;
  displayOrder?: number | null;
}


export function validateSection(input: SectionInput) {
  const title = input.title.trim();
  invariant(title, "Title is required", "title");
  invariant(title.length <= 120, "Title must be at most 120 characters", "title");
  const sectionType = input.sectionType ?? "latest";
  invariant((SECTION_TYPES as readonly string[]).includes(sectionType), "Section type must be latest, best_sellers or random", "sectionType");
  const description = input.description?.trim() || null;
  invariant(!description || description.length <= 500, "Description must be at most 500 characters", "description");
  const displayOrder = input.displayOrder ?? 0;
  invariant(Number.isInteger(displayOrder) && Math.abs(displayOrder) <= 10_000, "Display order must be a whole number between -10000 and 10000", "displayOrder");
  return { title, sectionType, description, isActive: input.isActive ?? true, displayOrder };
}

export async function createSection(prisma: Db, actor: Actor, input: SectionInput) {
  const data = validateSection(input);
  return prisma.$transaction(async (tx) => {
    const section = await tx.homepageSection.create({ data });
    await recordAudit(tx, { actor, action: "section.create", entityType: "section", entityId: section.id, after: { ...data } });
    return section;
  });
}

export async function updateSection(prisma: Db, actor: Actor, id: string, input: SectionInput) {
  invariant(isUuid(id), "Section not found", "id");
  const data = validateSection(input);
  return prisma.$transaction(async (tx) => {
    const before = await tx.homepageSection.findUnique({ where: { id } });
    if (!before) throw new NotFoundError("Section not found");
    const section = await tx.homepageSection.update({ where: { id }, data });
    await recordAudit(tx, {
      actor,
      action: "section.update",
      entityType: "section",
      entityId: id,
      before: { title: before.title, sectionType: before.sectionType, isActive: before.isActive, displayOrder: before.displayOrder },
      after: { ...data },
    });
    return section;
  });
}

export async function deleteSection(prisma: Db, actor: Actor, id: string): Promise<string> {
  invariant(isUuid(id), "Section not found", "id");
  return prisma.$transaction(async (tx) => {
    const before = await tx.homepageSection.findUnique({ where: { id } });
    if (!before) throw new NotFoundError("Section not found");
    await tx.homepageSection.delete({ where: { id } });
    await recordAudit(tx, { actor, action: "section.delete", entityType: "section", entityId: id, before: { title: before.title } });
    return id;
  });
}
