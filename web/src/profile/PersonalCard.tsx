import { Button, Group, Paper, Stack, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { USERNAME_MAX, username as usernameRule } from "../../../server/forms/userFields.ts";
import type { CustomerProfile } from "../api/answers.ts";
import { updateOwnProfile } from "../api/profile.ts";
import { queryKeys } from "../api/queries.ts";
import { sessionKeys } from "../session/queries.ts";
import { useSignOut } from "../session/useSignOut.ts";
import { PictureField } from "./PictureField.tsx";
import { isBlockedRefusal, pictureError } from "./profileErrors.ts";

/**
 * The user's own picture and name, and its e-mail (read-only: it is the sign-in address). A picked
 * picture is sent at once; the name has its Save, disabled while unchanged. In dummy mode the card
 * reads only.
 */
export function PersonalCard({ profile, readOnly }: { profile: CustomerProfile; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const { signOut } = useSignOut();
  const [name, setName] = useState(profile.username);
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: sessionKeys.customer() });
    // Shared queries show their owner's current name.
    await queryClient.invalidateQueries({ queryKey: queryKeys.savedLists });
  };
  const onError = (error: Error) => {
    if (isBlockedRefusal(error)) void signOut();
  };
  const rename = useMutation({
    mutationFn: (username: string) => updateOwnProfile({ username }),
    onSuccess: async ({ user }) => {
      setName(user.username);
      notifications.show({ color: "green", message: "Your name is saved." });
      await reload();
    },
    onError,
  });
  const picture = useMutation({
    mutationFn: (file: File) => updateOwnProfile({ picture: file }),
    onSuccess: async () => {
      notifications.show({ color: "green", message: "Your picture is saved." });
      await reload();
    },
    onError,
  });

  const checked = usernameRule.safeParse(name);
  const nameError = checked.success ? undefined : checked.error.issues[0]?.message;
  const unchanged = name.trim() === profile.username;
  const serverNameError = rename.error ? pictureError(rename.error, "user_data.username") : undefined;

  return (
    <Paper p="md" withBorder radius="md" component="section" aria-label="Your profile">
      <Title order={4} mb="md">
        Your profile
      </Title>
      <Stack gap="md">
        <PictureField
          src={"picture" in profile ? profile.picture : null}
          name={profile.username}
          label="Your picture"
          buttonLabel="Change picture"
          readOnly={readOnly}
          pending={picture.isPending}
          error={pictureError(picture.error, "picture")}
          onPick={(file) => picture.mutate(file)}
        />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!unchanged && checked.success) rename.mutate(checked.data);
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Name"
              value={name}
              maxLength={USERNAME_MAX}
              readOnly={readOnly}
              required
              error={name !== profile.username ? (nameError ?? serverNameError) : serverNameError}
              onChange={(event) => {
                rename.reset();
                setName(event.currentTarget.value);
              }}
            />
            <TextInput label="Email" value={profile.email} readOnly variant="filled" />
            {readOnly ? null : (
              <Group justify="flex-end">
                <Button type="submit" disabled={unchanged || !checked.success} loading={rename.isPending}>
                  Save
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
