/**
 * Examples of the API document (describe({answer: {example}})): people and sessions. Each is checked
 * against its route's answer schema by tests/api/apiDocument.test.ts; ids are made up but stable.
 */
export const ORGANISATION_ID = "0c9a4f5e-1b2d-4e8f-a3c7-6d5e4f3a2b1c";
export const USER_ID = "7d3e2a1b-9c8f-4a6e-b5d4-3c2b1a0f9e8d";
export const STAFF_ID = "2e4c6a8b-0d1f-4e3a-9b5c-7d9f1a3c5e7b";

export const customerUserExample = {
  id: USER_ID,
  username: "Dana Reyes",
  email: "dana.reyes@example.com",
  picture: null,
  is_staff: true,
  status: "admin" as const,
  blocked: false,
  organization_id: ORGANISATION_ID,
  channel_id: "9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f",
};

export const userAnswerExample = { status: 200 as const, user: customerUserExample };

export const liveItemExample = {
  type: "notification" as const,
  id: "5b0f8c1e-6a4d-4d7e-9c52-2f1a8e3b7d10",
  message: "Your 2024 data is ready.",
  emit_on: "2026-11-28T09:15:02.114Z",
  progress: 100,
  status: "success",
  org: ORGANISATION_ID,
  action: "upsert" as const,
};

export const taskExample = {
  ...liveItemExample,
  type: "task" as const,
  id: "6c1a9d2f-7b5e-4e8f-8d63-3a2b9f4c8e21",
  message: "Checking the 2024 file",
  progress: 40,
  status: "info",
};

export const staffProfileExample = {
  id: STAFF_ID,
  username: "sam.okafor",
  email: "sam.okafor@vitality.local",
  picture: null,
  is_admin: true,
  is_agent: false,
  is_super_user: false,
  channel_id: "3f5a7c9e-1b3d-4f5a-8c7e-9a1b3c5d7e9f",
};

export const agentExample = { username: "lee.agent", email: "lee.agent@vitality.local" };

const staffSession = {
  status: 200 as const,
  kind: "admin" as const,
  logged: true as const,
  forms: {},
  agents: [agentExample],
  permissions: ["GET /api/management/admin/detail", "POST /api/management/admin/organization"],
};

export const staffSigninExample = {
  ...staffSession,
  profile: staffProfileExample,
  token: "2b7e151628aed2a6abf7158809cf4f3c",
  max_age: 28_800,
};

export const staffDetailExample = {
  ...staffSession,
  profile: { ...staffProfileExample, notifications: [], background_tasks: [] },
};

export const staffProfileAnswerExample = {
  status: 200 as const,
  user: staffProfileExample,
  profile: staffProfileExample,
};
