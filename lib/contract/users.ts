import { z } from "zod";

export const ZUser = z.object({
  id: z.number().int(),
  type: z.literal("client"),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  birth_date: z.string().nullable(),
  avatar_url: z.string().nullable(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZAuthAnswer = z.object({ token: z.string(), user: ZUser });
export type TAuthAnswer = z.infer<typeof ZAuthAnswer>;
