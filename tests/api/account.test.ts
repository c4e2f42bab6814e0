import { startTestStore, type TestStore } from "../helpers/store.ts";
import { signedUp } from "../helpers/shopper.ts";
import { PNG_1PX, uploadForm } from "../helpers/images.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
});
afterAll(() => t?.close());

const UPDATE = `mutation($input: ProfileInput!) { updateProfile(input: $input) { __typename ... on Error { message }
  ... on MutationUpdateProfileSuccess { data { fullName phone address avatarUrl } } } }`;
const AVATAR = `mutation($url: String!) { updateAvatar(avatarUrl: $url) { __typename ... on Error { message } ... on MutationUpdateAvatarSuccess { data { avatarUrl } } } }`;

describe("the customer's profile", () => {
  it("saves name, phone (normalised to +234) and address", async () => {
    const client = await signedUp(t, "profile@example.ng");
    const { updateProfile } = await client.data(UPDATE, { input: { fullName: "  Ngozi Umeh ", phone: "0809 876 5432", address: "7 Ogui Road, Enugu" } });
    expect(updateProfile.data).toEqual({ fullName: "Ngozi Umeh", phone: "+2348098765432", address: "7 Ogui Road, Enugu", avatarUrl: null });
    expect((await client.data(`{ viewer { fullName } }`)).viewer.fullName).toBe("Ngozi Umeh");
    const cleared = await client.data(UPDATE, { input: { fullName: "Ngozi Umeh", phone: "", address: "" } });
    expect(cleared.updateProfile.data).toMatchObject({ phone: null, address: null });
  });

  it("bad input gets a clear error and changes nothing; script tags are kept as text", async () => {
    const client = await signedUp(t, "profile-bad@example.ng");
    await client.data(UPDATE, { input: { fullName: "Emeka Obi", phone: "08031234567" } });
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: "E" }, "Name must be at least 2 characters"],
      // Issue 26: an empty or all-spaces name was accepted (and blanked the name).
      [{ fullName: "" }, "Name must be at least 2 characters"],
      [{ fullName: "    " }, "Name must be at least 2 characters"],
      [{ fullName: null }, "Name must be at least 2 characters"],
      [{ fullName: "n".repeat(10_000) }, "Name must be at most 100 characters"],
      [{ phone: "12345" }, "Phone number must be at least 10 digits"],
      [{ phone: "1".repeat(10_000) }, "Phone number must be at most 20 characters"],
      [{ phone: "+1 415 555 0100" }, "Enter a valid Nigerian phone number, e.g. 0803 123 4567"],
      [{ address: "a".repeat(10_000) }, "Address must be at most 500 characters"],
    ];
    for (const [input, message] of cases) {
      const { updateProfile } = await client.data(UPDATE, { input: { fullName: "Emeka Obi", ...input } });
      expect(updateProfile).toEqual({ __typename: "ValidationError", message });
    }
    expect((await client.data(`{ myProfile { fullName phone } }`)).myProfile).toEqual({ fullName: "Emeka Obi", phone: "+2348031234567" });
    const wrongType = await client.request(UPDATE, { input: { fullName: 12 } });
    expect(wrongType.errors?.length).toBeGreaterThan(0);
    const script = `<img src=x onerror=alert(1)>`;
    const { updateProfile } = await client.data(UPDATE, { input: { fullName: "Emeka", address: script } });
    expect(updateProfile.data.address).toBe(script);
  });

  it("the avatar is uploaded through /api/uploads, then its URL saved on the profile", async () => {
    const client = await signedUp(t, "avatar@example.ng");
    const res = await fetch(`${t.url}/api/uploads`, { method: "POST", body: uploadForm("avatar", [{ name: "me.png", content: PNG_1PX }]), headers: { cookie: client.cookie! } });
    expect(res.status).toBe(201);
    const { files } = (await res.json()) as { files: { url: string }[] };
    const { updateAvatar } = await client.data(AVATAR, { url: files[0]!.url });
    expect(updateAvatar.data.avatarUrl).toBe(files[0]!.url);
    expect((await client.data(`{ myProfile { avatarUrl } }`)).myProfile.avatarUrl).toBe(files[0]!.url);
  });

  it("refuses avatar URLs that are not the shopper's own upload", async () => {
    const client = await signedUp(t, "avatar-bad@example.ng");
    for (const url of ["https://evil.example/x.png", "javascript:alert(1)", "/uploads/product-images/abc.png", "x".repeat(10_000), ""]) {
      const { updateAvatar } = await client.data(AVATAR, { url });
      expect(updateAvatar).toEqual({ __typename: "ValidationError", message: "Upload the photo first, then save it to your profile" });
    }
    expect((await client.data(`{ myProfile { avatarUrl } }`)).myProfile.avatarUrl).toBeNull();
    expect((await t.client().request(AVATAR, { url: "/uploads/profiles/x.png" })).errors?.[0]?.message).toBe("Please log in to continue");
  });
});
