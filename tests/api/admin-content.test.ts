import { ADMIN_EMAIL, startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { ensureAdmin } from "../../server/src/modules/accounts/accounts.service.ts";
import { makeProduct } from "../helpers/fixtures.ts";

let t: TestStore;
let admin: GraphQLClient;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
  admin = await t.admin();
});
afterAll(() => t?.close());

describe("customer reviews", () => {
  const CREATE = `mutation($input: AdminReviewInput!) { createReview(input: $input) { __typename ... on Error { message } ... on MutationCreateReviewSuccess { data { id customerName rating reviewText isFeatured product { name } } } } }`;

  it("adds a review with the defaults (5 stars, featured), lists it with its product, edits and deletes it", async () => {
    const product = await makeProduct(t.prisma, { name: "Silk Blouse", price: "5000", stock: 5 });
    const created = await admin.data(CREATE, { input: { customerName: "Chioma", reviewText: "Lovely quality!", productId: product.id } });
    const review = created.createReview.data;
    expect(review).toMatchObject({ customerName: "Chioma", rating: 5, isFeatured: true, product: { name: "Silk Blouse" } });

    const { adminReviews } = await admin.data(`{ adminReviews { id product { name } } }`);
    expect(adminReviews.find((r: { id: string }) => r.id === review.id).product.name).toBe("Silk Blouse");
    const { featuredReviews } = await t.client().data(`{ featuredReviews { customerName } }`);
    expect(featuredReviews.map((r: { customerName: string }) => r.customerName)).toContain("Chioma");

    const updated = await admin.data(
      `mutation($id: ID!, $input: AdminReviewInput!) { updateReview(id: $id, input: $input) { ... on MutationUpdateReviewSuccess { data { rating isFeatured } } } }`,
      { id: review.id, input: { customerName: "Chioma", reviewText: "Lovely!", rating: 3, isFeatured: false } },
    );
    expect(updated.updateReview.data).toEqual({ rating: 3, isFeatured: false });

    const deleted = await admin.data(`mutation($id: ID!) { deleteReview(id: $id) { ... on MutationDeleteReviewSuccess { data } } }`, { id: review.id });
    expect(deleted.deleteReview.data).toBe(review.id);
    expect(await t.prisma.customerReview.count({ where: { id: review.id } })).toBe(0);
  });

  it.each([
    [{ customerName: " ", reviewText: "Nice" }, "Customer name is required"],
    [{ customerName: "Ada", reviewText: "" }, "Review text is required"],
    [{ customerName: "Ada", reviewText: "Nice", rating: 6 }, "Rating must be from 1 to 5 stars"],
    [{ customerName: "Ada", reviewText: "Nice", rating: 0 }, "Rating must be from 1 to 5 stars"],
  ])("refuses %j: %s", async (input, message) => {
    const res = await admin.data(CREATE, { input });
    expect(res.createReview).toEqual({ __typename: "ValidationError", message });
  });
});

describe("homepage sections", () => {
  const CREATE = `mutation($input: AdminSectionInput!) { createHomepageSection(input: $input) { __typename ... on Error { message } ... on MutationCreateHomepageSectionSuccess { data { id title sectionType isActive displayOrder description } } } }`;

  it("adds a section with the defaults, lists by display order, shows the active one on the home page", async () => {
    const first = await admin.data(CREATE, { input: { title: "New In", description: "Fresh drops" } });
    expect(first.createHomepageSection.data).toMatchObject({ title: "New In", sectionType: "latest", isActive: true, displayOrder: 0 });
    await admin.data(CREATE, { input: { title: "Hidden", sectionType: "random", isActive: false, displayOrder: -5 } });
    await admin.data(CREATE, { input: { title: "Bargains", sectionType: "best_sellers", displayOrder: 3 } });

    const { adminHomepageSections } = await admin.data(`{ adminHomepageSections { title displayOrder } }`);
    expect(adminHomepageSections.map((s: { title: string }) => s.title)).toEqual(["Hidden", "New In", "Bargains"]);
    const { activeHomepageSection } = await t.client().data(`{ activeHomepageSection { title } }`);
    expect(activeHomepageSection.title).toBe("New In");

    const id = first.createHomepageSection.data.id;
    const updated = await admin.data(
      `mutation($id: ID!, $input: AdminSectionInput!) { updateHomepageSection(id: $id, input: $input) { ... on MutationUpdateHomepageSectionSuccess { data { title isActive } } } }`,
      { id, input: { title: "New In Today", isActive: false } },
    );
    expect(updated.updateHomepageSection.data).toEqual({ title: "New In Today", isActive: false });
    const after = await t.client().data(`{ activeHomepageSection { title } }`);
    expect(after.activeHomepageSection.title).toBe("Bargains");

    const deleted = await admin.data(`mutation($id: ID!) { deleteHomepageSection(id: $id) { ... on MutationDeleteHomepageSectionSuccess { data } } }`, { id });
    expect(deleted.deleteHomepageSection.data).toBe(id);
  });

  it("requires a title", async () => {
    const res = await admin.data(CREATE, { input: { title: "   " } });
    expect(res.createHomepageSection).toEqual({ __typename: "ValidationError", message: "Title is required" });
  });
});

describe("users and their roles (decision 038)", () => {
  const SET = `mutation($userId: ID!, $role: UserRole!) { setUserRole(userId: $userId, role: $role) { __typename ... on Error { message } ... on MutationSetUserRoleSuccess { data { email role roles } } } }`;
  const userId = async (email: string) => (await t.prisma.user.findUniqueOrThrow({ where: { email } })).id;

  it("lists users with email, name, role and sign-up date", async () => {
    await t.client().signUp("listed@example.com", "secret-pass-1", "Bola Ade");
    const { adminUsers } = await admin.data(`{ adminUsers { email fullName role roles createdAt } }`);
    const listed = adminUsers.find((u: { email: string }) => u.email === "listed@example.com");
    expect(listed).toMatchObject({ fullName: "Bola Ade", role: "customer", roles: [] });
    expect(Date.parse(listed.createdAt)).toBeGreaterThan(0);
    expect(adminUsers.find((u: { email: string }) => u.email === ADMIN_EMAIL)).toMatchObject({ role: "admin", roles: ["admin"] });
  });

  it("sets staff, admin and customer, each taking effect at once (the viewer's role too), audited", async () => {
    const shopper = t.client();
    await shopper.signUp("promoted@example.com");
    const id = await userId("promoted@example.com");
    const ask = async () => shopper.request(`{ adminStats { users } }`);
    expect((await admin.data(SET, { userId: id, role: "staff" })).setUserRole.data).toMatchObject({ role: "staff", roles: ["staff"] });
    expect((await shopper.data(`{ viewer { role isAdmin } }`)).viewer).toEqual({ role: "staff", isAdmin: false });
    expect((await ask()).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await admin.data(SET, { userId: id, role: "admin" })).setUserRole.data).toMatchObject({ role: "admin", roles: ["admin"] });
    expect((await ask()).errors).toBeUndefined();
    expect((await admin.data(SET, { userId: id, role: "customer" })).setUserRole.data).toMatchObject({ role: "customer", roles: [] });
    expect((await ask()).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const entries = await t.prisma.auditEntry.findMany({ where: { entityId: id, action: "user.set_role" }, orderBy: { createdAt: "asc" } });
    expect(entries.map((e) => (e.after as { role: string }).role)).toEqual(["staff", "admin", "customer"]);
  });

  it("nobody changes their own role, and the ADMIN_EMAIL account stays admin", async () => {
    const owner = await userId(ADMIN_EMAIL);
    expect((await admin.data(SET, { userId: owner, role: "staff" })).setUserRole).toEqual({ __typename: "ValidationError", message: "You cannot change your own role" });
    const other = t.client();
    await other.signUp("partner@example.com");
    await admin.data(SET, { userId: await userId("partner@example.com"), role: "admin" });
    expect((await other.data(SET, { userId: owner, role: "customer" })).setUserRole).toEqual({
      __typename: "ValidationError",
      message: "The owner's account (ADMIN_EMAIL) is always an admin",
    });
    expect(await t.prisma.userRole.findMany({ where: { userId: owner }, select: { role: true } })).toEqual([{ role: "admin" }]);
  });

  it("ADMIN_EMAIL naming an account a stranger signed up with makes it admin only when ADMIN_PASSWORD opens it", async () => {
    // Sign-up verifies no address: the owner's address, registered by someone else before the owner
    // named it in ADMIN_EMAIL (start-up runs ensureAdmin with the settings).
    await t.client().signUp("owner-to-be@example.com", "strangers-pass-1");
    const id = await userId("owner-to-be@example.com");
    const roles = async () => (await t.prisma.userRole.findMany({ where: { userId: id }, select: { role: true } })).map((r) => r.role);
    expect(await ensureAdmin(t.prisma, "owner-to-be@example.com", null)).toEqual({ generatedPassword: null, refused: true });
    expect(await ensureAdmin(t.prisma, "owner-to-be@example.com", "the-owners-pass-1")).toEqual({ generatedPassword: null, refused: true });
    expect(await roles()).not.toContain("admin");
    expect(await ensureAdmin(t.prisma, "owner-to-be@example.com", "strangers-pass-1")).toEqual({ generatedPassword: null, refused: false });
    expect(await roles()).toContain("admin");
  });

  it("the last admin: two admins demoting each other at once leave one admin", async () => {
    // The owner's account is always admin; without its row (ADMIN_EMAIL since moved to another
    // address) two other admins are all the shop has.
    const [a, b] = [t.client(), t.client()];
    await a.signUp("admin-a@example.com");
    await b.signUp("admin-b@example.com");
    const [idA, idB] = [await userId("admin-a@example.com"), await userId("admin-b@example.com")];
    await t.prisma.userRole.createMany({ data: [{ userId: idA, role: "admin" }, { userId: idB, role: "admin" }] });
    await t.prisma.userRole.deleteMany({ where: { role: "admin", userId: { notIn: [idA, idB] } } });
    const answers = await Promise.all([a.request(SET, { userId: idB, role: "staff" }), b.request(SET, { userId: idA, role: "staff" })]);
    // One wins. The other is refused: by the rule when both ran at once, or as staff already when
    // the winner finished first (the embedded database runs one statement at a time).
    const outcomes = answers.map((r) => r.data?.setUserRole?.message ?? r.data?.setUserRole?.__typename ?? r.errors?.[0]?.message).sort();
    expect(outcomes[0]).toBe("MutationSetUserRoleSuccess");
    expect(["The shop needs at least one admin", "You are not allowed to do that"]).toContain(outcomes[1]);
    expect(await t.prisma.userRole.count({ where: { role: "admin" } })).toBe(1);
  });
});
