// The signed-in shopper's own profile (view, edit, avatar). Always the viewer's row, never an id argument.
import { builder } from "./builder.ts";
import { ValidationError } from "../modules/errors.ts";
import { getProfile, updateAvatar, updateProfile, type ProfileShape } from "../modules/accounts/profile.service.ts";

const ProfileType = builder.objectRef<ProfileShape>("Profile").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    email: t.exposeString("email"),
    fullName: t.exposeString("fullName", { nullable: true }),
    phone: t.exposeString("phone", { nullable: true }),
    address: t.exposeString("address", { nullable: true }),
    avatarUrl: t.exposeString("avatarUrl", { nullable: true }),
  }),
});

const ProfileInput = builder.inputType("ProfileInput", {
  fields: (t) => ({
    fullName: t.string({ required: false }),
    phone: t.string({ required: false }),
    address: t.string({ required: false }),
  }),
});

builder.queryField("myProfile", (t) =>
  t.field({
    type: ProfileType,
    authScopes: { customer: true },
    resolve: (_root, _args, ctx) => getProfile(ctx.prisma, ctx.viewer!.userId),
  }),
);

builder.mutationFields((t) => ({
  updateProfile: t.field({
    type: ProfileType,
    authScopes: { customer: true },
    errors: { types: [ValidationError] },
    args: { input: t.arg({ type: ProfileInput, required: true }) },
    resolve: (_root, { input }, ctx) => updateProfile(ctx.prisma, ctx.viewer!.userId, input),
  }),
  updateAvatar: t.field({
    type: ProfileType,
    description: "Saves the URL that POST /api/uploads (purpose=avatar) returned for this shopper.",
    authScopes: { customer: true },
    errors: { types: [ValidationError] },
    args: { avatarUrl: t.arg.string({ required: true }) },
    resolve: (_root, { avatarUrl }, ctx) => updateAvatar(ctx.prisma, ctx.viewer!.userId, avatarUrl),
  }),
}));
