// The signed-in shopper's own profile (view, edit, avatar). Always the viewer's row, never an id argument.
import { builder } from "./builder.ts";
import { ValidationError } from "../modules/errors.ts";
import { getProfile, updateAvatar, updateProfile, type ProfileShape } from "../modules/accounts/profile.service.ts";

const ProfileType = builder.objectRef<ProfileShape>("Profile").implement({
  description: "The signed-in shopper's own profile, used to prefill checkout.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "User id (UUID)" }),
    email: t.exposeString("email", { description: "Sign-in email address (not editable here)" }),
    fullName: t.exposeString("fullName", { nullable: true, description: "Shopper's name" }),
    phone: t.exposeString("phone", { nullable: true, description: "Nigerian phone number" }),
    address: t.exposeString("address", { nullable: true, description: "Default delivery address" }),
    avatarUrl: t.exposeString("avatarUrl", { nullable: true, description: "Profile photo URL; null when none" }),
  }),
});

const ProfileInput = builder.inputType("ProfileInput", {
  description: "The shopper's name, phone and address to save.",
  fields: (t) => ({
    fullName: t.string({ required: false, description: "Shopper's name" }),
    phone: t.string({ required: false, description: "Nigerian phone number, e.g. 0803 123 4567" }),
    address: t.string({ required: false, description: "Default delivery address" }),
  }),
});

builder.queryField("myProfile", (t) =>
  t.withAuth({ customer: true }).field({
    type: ProfileType,
    description: "The signed-in shopper's profile (signed-in shopper only).",
    resolve: (_root, _args, ctx) => getProfile(ctx.prisma, ctx.viewer.userId),
  }),
);

builder.mutationFields((t) => ({
  updateProfile: t.withAuth({ customer: true }).field({
    type: ProfileType,
    description: "Changes the signed-in shopper's name, phone or address.",
    errors: { types: [ValidationError] },
    args: { input: t.arg({ type: ProfileInput, required: true, description: "Fields to change" }) },
    resolve: (_root, { input }, ctx) => updateProfile(ctx.prisma, ctx.viewer.userId, input),
  }),
  updateAvatar: t.withAuth({ customer: true }).field({
    type: ProfileType,
    description: "Saves the URL that POST /api/uploads (purpose=avatar) returned for this shopper.",
    errors: { types: [ValidationError] },
    args: { avatarUrl: t.arg.string({ required: true, description: "URL returned by this shopper's own avatar upload; any other URL is refused" }) },
    resolve: (_root, { avatarUrl }, ctx) => updateAvatar(ctx.prisma, ctx.viewer.userId, avatarUrl),
  }),
}));
