import type { LiveItem } from "../live/liveStore.ts";
import type { Call } from "../session/permissions.ts";
/** Shapes of the API answers the web app reads (fields it does not read are left out). */

export interface CustomerUser {
  id: string;
  username: string;
  email: string;
  picture: string | null;
  is_staff: boolean;
  status: "admin" | "assistant";
  blocked?: boolean;
}

export interface CustomerProfile {
  id?: string;
  username: string;
  email: string;
  picture?: string | null;
  is_staff: boolean;
  status?: "admin" | "assistant";
  channel_id: string;
  notifications?: LiveItem[];
  background_tasks?: LiveItem[];
}

export interface Facility {
  id: string;
  npi: string;
  name: string;
}

export interface Provider {
  id: string;
  npi: string;
  full_name: string;
}

export interface Organization {
  id: string;
  name: string;
  full_address: string;
  phone_1: string;
  phone_2: string;
  fax: string;
  logo: string | null;
  initialized: boolean;
  agreement_accepted: boolean;
  users: CustomerUser[];
  facilities: Facility[];
  providers: Provider[];
  /** Years enabled for the customer by staff. */
  years: number[];
  /** Years whose data upload was accepted. */
  available_years: number[];
  /** Years staff asked for that still lack data. */
  pending_years: number[];
  /** Years whose reviewed data the customer replaced: back in review until staff enable them again. */
  replaced_years?: number[];
  /** The Home setup checklist as the server decides it (server/organisations/setup.ts). */
  setup: SetupView;
}

export type SetupStepKey =
  | "facilities"
  | "providers"
  | "data-upload"
  | "data-review"
  | "questionnaire"
  | "questionnaire-review";

export interface SetupView {
  steps: { key: SetupStepKey; label: string; description: string; done: boolean; waiting: string | null }[];
  done: number;
  total: number;
  next: SetupStepKey | null;
  /** The next step's words when it is Vitality's turn (server/organisations/setup.ts). */
  waiting: string | null;
}

/** GET /api/management/customer/detail/ (also the dummy view of an organisation). */
export interface CustomerDetail {
  status: number;
  profile: CustomerProfile;
  kind: "client";
  logged: true;
  dummy: boolean;
  organization: Organization;
  file_upload_path: string;
  forms: Record<string, unknown>;
}

export interface AdminProfile {
  id: string;
  username: string;
  email: string;
  picture: string | null;
  is_admin: boolean;
  is_agent: boolean;
  is_super_user: boolean;
  channel_id: string;
  notifications?: LiveItem[];
  background_tasks?: LiveItem[];
}

/** GET /api/management/admin/detail/ and the staff sign-in answer. */
export interface AdminDetail {
  status: number;
  profile: AdminProfile;
  kind: "admin";
  logged: true;
  forms: Record<string, unknown>;
  agents: { username: string; email: string }[];
  /** The calls this staff member may make, from the server's role table (session/permissions.ts). */
  permissions: Call[];
}

/** GET /api/management/admin/sitesettings/: rich-text (HTML) contents of the menu modals. */
export interface SiteSettings {
  contents: {
    aboutText?: string;
    licenceText?: string;
    copyrightText?: string;
  };
  queries?: Record<string, unknown>;
}

/** The usual `{status, detail}` acknowledgement. */
export interface StatusDetail {
  status: number;
  detail: string;
}
