import { z } from "@weft/weft/plugin";

/** A group's name (without `@`). */
export const GROUP = z.string().min(1).max(64).regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/);

/** A member: an agent by name, or every agent of a role. */
export const MEMBER = {
  group: GROUP.describe("Group name."),
  member_type: z.enum(["agent", "role"]).describe("agent or role."),
  member_id: z.string().min(1).max(64).describe("Agent name or role name."),
};
