import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
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

describe("users and the admin role", () => {
  const SET = `mutation($userId: ID!, $admin: Boolean!) { setUserAdmin(userId: $userId, admin: $admin) { __typename ... on Error { message } ... on MutationSetUserAdminSuccess { data { email isAdmin roles } } } }`;

  it("lists users with email, name, roles and sign-up date", async () => {
    await t.client().signUp("listed@example.com", "secret-pass-1", "Bola Ade");
    const { adminUsers } = await admin.data(`{ adminUsers { email fullName roles isAdmin createdAt } }`);
    const listed = adminUsers.find((u: { email: string }) => u.email === "listed@example.com");
    expect(listed).toMatchObject({ fullName: "Bola Ade", roles: [], isAdmin: false });
    expect(Date.parse(listed.createdAt)).toBeGreaterThan(0);
    expect(adminUsers.find((u: { isAdmin: boolean }) => u.isAdmin).roles).toEqual(["admin"]);
  });

  it("grants the admin role (which takes effect at once) and revokes it, audited", async () => {
    const shopper = t.client();
    await shopper.signUp("promoted@example.com");
    const user = await t.prisma.user.findUniqueOrThrow({ where: { email: "promoted@example.com" } });
    const granted = await admin.data(SET, { userId: user.id, admin: true });
    expect(granted.setUserAdmin.data).toMatchObject({ isAdmin: true, roles: ["admin"] });
    expect((await shopper.request(`{ adminStats { users } }`)).errors).toBeUndefined();

    const revoked = await admin.data(SET, { userId: user.id, admin: false });
    expect(revoked.setUserAdmin.data.isAdmin).toBe(false);
    expect((await shopper.request(`{ adminStats { users } }`)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await t.prisma.auditEntry.count({ where: { entityId: user.id, entityType: "user" } })).toBe(2);
  });

  it("an admin cannot remove their own admin role", async () => {
    const me = await t.prisma.user.findFirstOrThrow({ where: { roles: { some: { role: "admin" } } } });
    const res = await admin.data(SET, { userId: me.id, admin: false });
    expect(res.setUserAdmin).toEqual({ __typename: "ValidationError", message: "You cannot remove your own admin role" });
    expect(await t.prisma.userRole.count({ where: { userId: me.id } })).toBe(1);
  });
});
