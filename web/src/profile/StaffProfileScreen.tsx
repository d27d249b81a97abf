import { Button, Group, Paper, Stack, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { STAFF_USERNAME_MAX, staffUsername } from "../../../server/forms/staffProfile.ts";
import type { StaffProfile } from "../api/answers.ts";
import { updateStaffProfile } from "../api/profile.ts";
import { ScreenTitle } from "../components/ScreenTitle.tsx";
import { sessionKeys } from "../session/queries.ts";
import { useAdminDetail } from "../session/useSessions.ts";
import { PictureField } from "./PictureField.tsx";
import { pictureError } from "./profileErrors.ts";

/** /administration/profile/: the staff member's picture and name (its sign-in name). */
export function StaffProfileScreen() {
  const detail = useAdminDetail();
  if (!detail) return null;
  return (
    <>
      <ScreenTitle title="Profile" />
      <StaffProfileCard key={detail.profile.username} profile={detail.profile} />
    </>
  );
}

function StaffProfileCard({ profile }: { profile: StaffProfile }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(profile.username);
  const reload = () => queryClient.invalidateQueries({ queryKey: sessionKeys.admin });
  const rename = useMutation({
    // The e-mail goes back unchanged: the call takes user_data {username, email}.
    mutationFn: (username: string) => updateStaffProfile({ username, email: profile.email }),
    onSuccess: async () => {
      notifications.show({ color: "green", message: "Your name is saved." });
      await reload();
    },
  });
  const picture = useMutation({
    mutationFn: (image: File) => updateStaffProfile({ image }),
    onSuccess: async () => {
      notifications.show({ color: "green", message: "Your picture is saved." });
      await reload();
    },
  });
  const checked = staffUsername.safeParse(name);
  const unchanged = name.trim() === profile.username;
  const localError = unchanged || checked.success ? undefined : checked.error.issues[0]?.message;

  return (
    <Paper p="md" withBorder radius="md" maw={560} component="section" aria-label="Your profile">
      <Title order={4} mb="md">
        Your profile
      </Title>
      <Stack gap="md">
        <PictureField
          src={profile.picture}
          name={profile.username}
          label="Your picture"
          buttonLabel="Change picture"
          pending={picture.isPending}
          error={pictureError(picture.error, "image")}
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
              description="Your sign-in name"
              value={name}
              maxLength={STAFF_USERNAME_MAX}
              required
              error={localError ?? pictureError(rename.error, "user_data.username")}
              onChange={(event) => {
                rename.reset();
                setName(event.currentTarget.value);
              }}
            />
            <TextInput label="Email" value={profile.email} readOnly variant="filled" />
            <Group justify="flex-end">
              <Button type="submit" disabled={unchanged || !checked.success} loading={rename.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
