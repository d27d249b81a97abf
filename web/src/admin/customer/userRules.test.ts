import { describe, expect, test } from "bun:test";
import {
  addUserBlocker,
  canAddUser,
  defaultStatus,
  formFieldOf,
  statusChoices,
  userFormSchema,
} from "./userRules.ts";

describe("when the add control shows", () => {
  test("zero users: always, initialized or not (the organisation's admin)", () => {
    expect(canAddUser(0, false)).toBe(true);
    expect(canAddUser(0, true)).toBe(true);
  });

  test("one or two users: only once the organisation is initialized", () => {
    expect(canAddUser(1, false)).toBe(false);
    expect(canAddUser(2, false)).toBe(false);
    expect(canAddUser(1, true)).toBe(true);
    expect(canAddUser(2, true)).toBe(true);
  });

  test("three users (or more): never", () => {
    expect(canAddUser(3, true)).toBe(false);
    expect(canAddUser(3, false)).toBe(false);
    expect(canAddUser(4, true)).toBe(false);
  });

  test("when it does not show, staff read why", () => {
    expect(addUserBlocker(1, false)).toBe("More users once initialized");
    expect(addUserBlocker(3, true)).toBe("At most 3 users");
    expect(addUserBlocker(3, false)).toBe("At most 3 users");
    expect(addUserBlocker(2, true)).toBeUndefined();
    expect(addUserBlocker(0, false)).toBeUndefined();
  });
});

describe("status of a new user and the status choices", () => {
  test("the first user is admin, later ones default to assistant", () => {
    expect(defaultStatus(0)).toBe("admin");
    expect(defaultStatus(1)).toBe("assistant");
    expect(defaultStatus(2)).toBe("assistant");
  });

  const enabled = (choices: ReturnType<typeof statusChoices>) =>
    choices.filter((choice) => !choice.disabled).map((choice) => choice.value);

  test("adding the first user offers only admin; a later one both", () => {
    expect(enabled(statusChoices({ kind: "add", userCount: 0 }))).toEqual(["admin"]);
    expect(enabled(statusChoices({ kind: "add", userCount: 1 }))).toEqual(["admin", "assistant"]);
  });

  test("editing disables the choice that is not the user's current status", () => {
    const forAdmin = statusChoices({ kind: "edit", current: "admin" });
    expect(forAdmin.map((choice) => [choice.value, choice.disabled])).toEqual([
      ["admin", false],
      ["assistant", true],
    ]);
    expect(enabled(statusChoices({ kind: "edit", current: "assistant" }))).toEqual(["assistant"]);
  });

  test("the choices carry the labels of the delivered form definition", () => {
    expect(statusChoices({ kind: "add", userCount: 1 }).map((choice) => choice.label)).toEqual([
      "Admin",
      "Assistant",
    ]);
  });
});

describe("the user form's rules", () => {
  const messages = (values: unknown) => {
    const parsed = userFormSchema.safeParse(values);
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message]));
  };

  test("a name and a valid address pass, trimmed", () => {
    const parsed = userFormSchema.parse({
      username: "  Ann Lee ",
      email: " ann@example.com ",
      status: "admin",
    });
    expect(parsed).toEqual({ username: "Ann Lee", email: "ann@example.com", status: "admin" });
  });

  test("a blank name and a malformed address are refused with the spec's messages", () => {
    expect(messages({ username: "   ", email: "ann@", status: "assistant" })).toEqual({
      username: "Please fill out this field",
      email: "Please fill out this field or verify it is an e-mail address.",
    });
  });

  test("a name longer than 150 characters is refused, naming the field and the limit", () => {
    expect(messages({ username: "a".repeat(151), email: "a@b.co", status: "admin" })).toEqual({
      username: "must be at most 150 characters",
    });
    expect(messages({ username: "a".repeat(150), email: "a@b.co", status: "admin" })).toEqual({});
  });

  test("the status is admin or assistant", () => {
    expect(messages({ username: "Ann", email: "a@b.co", status: "owner" })).toEqual({
      status: "must be admin or assistant",
    });
  });

  test("a server field error lands on the form field it names", () => {
    expect(formFieldOf({ field: "email", message: "this address already has an account" })).toBe("email");
    expect(formFieldOf({ field: "user_data.username", message: "Please fill out this field" })).toBe(
      "username",
    );
    expect(
      formFieldOf({ field: "user_data.organization_id", message: "must be a valid id" }),
    ).toBeUndefined();
  });
});
