// The shopper's own profile: name, phone, address and avatar. Only ever the viewer's own row.
import type { Db } from "../../db/database.ts";
import { LIMITS, MESSAGES } from "../../../../common/validation.ts";
import { normalizeNigerianPhone, phoneError } from "../../../../common/phone.ts";
import { ValidationError } from "../errors.ts";

export interface ProfileInput {
  fullName?: string | null;
  phone?: string | null;
  address?: string | null;
}

export async function getProfile(prisma: Db, userId: string) {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, include: { profile: true } });
  return {
    id: user.id,
    email: user.email,
    fullName: user.profile?.fullName ?? user.fullName,
    phone: user.profile?.phone ?? null,
    address: user.profile?.address ?? null,
    avatarUrl: user.profile?.avatarUrl ?? null,
  };
}

export type ProfileShape = Awaited<ReturnType<typeof getProfile>>;

function cleanProfile(input: ProfileInput) {
  // A profile keeps a name: empty or spaces would blank the greetings and the checkout's prefill.
  const fullName = input.fullName?.trim() ?? "";
  if (fullName.length < 2) throw new ValidationError(MESSAGES.name, "fullName");
  if (fullName.length > LIMITS.name) throw new ValidationError(MESSAGES.tooLong("Name", LIMITS.name), "fullName");
  const rawPhone = input.phone?.trim() || null;
  if (rawPhone !== null) {
    if (rawPhone.length > LIMITS.phone) throw new ValidationError(MESSAGES.tooLong("Phone number", LIMITS.phone), "phone");
    const problem = phoneError(rawPhone);
    if (problem) throw new ValidationError(problem, "phone");
  }
  const address = input.address?.trim() || null;
  if (address !== null && address.length > LIMITS.address) throw new ValidationError(MESSAGES.tooLong("Address", LIMITS.address), "address");
  return { fullName, phone: rawPhone && normalizeNigerianPhone(rawPhone), address };
}

export async function updateProfile(prisma: Db, userId: string, input: ProfileInput): Promise<ProfileShape> {
  const data = cleanProfile(input);
  await prisma.$transaction([
    prisma.profile.upsert({ where: { id: userId }, create: { id: userId, ...data }, update: data }),
    // The account name follows the profile so greetings and the header agree.
    prisma.user.update({ where: { id: userId }, data: { fullName: data.fullName } }),
  ]);
  return getProfile(prisma, userId);
}

/**
 * Saves an avatar URL returned by POST /api/uploads (purpose=avatar). Only the viewer's own upload
 * is accepted, so a profile can never point at someone else's file or an outside address.
 */
export async function updateAvatar(prisma: Db, userId: string, url: string): Promise<ProfileShape> {
  const value = url.trim();
  const local = new RegExp(`^/uploads/profiles/${userId}\\.(jpg|jpeg|png|webp|gif)(\\?v=\\d+)?$`);
  const cloud = new RegExp(`^https://res\\.cloudinary\\.com/[\\w-]+/image/upload/(v\\d+/)?(\\S+/)?profiles/${userId}(\\.\\w+)?$`);
  if (value.length > 500 || !(local.test(value) || cloud.test(value))) {
    throw new ValidationError("Upload the photo first, then save it to your profile", "avatarUrl");
  }
  await prisma.profile.upsert({ where: { id: userId }, create: { id: userId, avatarUrl: value }, update: { avatarUrl: value } });
  return getProfile(prisma, userId);
}
