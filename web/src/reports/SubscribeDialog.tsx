import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { nextDelivery, WEEKDAYS } from "../../../server/reports/schedule.ts";
import { ApiError, errorMessage } from "../api/errors.ts";
import {
  createSubscription,
  editSubscription,
  ownSubscriptionsQuery,
  type ReportSubscription,
  type SubscriptionFields,
  subscriptionKeys,
} from "../api/reportSubscriptions.ts";

/** What a new subscription starts from: the screen's analysis (or saved view) and its filters. */
export interface SubscribeSource {
  querie: string;
  savedQueryId: string | null;
  title: string;
  filters: Record<string, unknown>;
}

interface SubscribeDialogProps {
  opened: boolean;
  onClose: () => void;
  /** A new subscription from this screen, or an existing one to edit. */
  source?: SubscribeSource;
  editing?: ReportSubscription;
  /** The signed-in user, the first recipient of a new subscription. */
  userId: string;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, "0")}:00`,
}));
/** The zones to choose from; the browser's own (e.g. "UTC", which Chromium does not list) always among them. */
const zones = (current: string) => {
  const supported =
    (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
  return [...new Set([browserZone(), current, "UTC", ...supported])].sort();
};

function initialFields(props: SubscribeDialogProps): SubscriptionFields {
  const { editing, source } = props;
  if (editing) {
    return {
      title: editing.title,
      filters: editing.filters,
      follow_latest_year: editing.follow_latest_year,
      frequency: editing.frequency,
      weekday: editing.weekday,
      month_day: editing.month_day,
      hour: editing.hour,
      time_zone: editing.time_zone,
      recipients: editing.recipients.flatMap((recipient) => (recipient.user_id ? [recipient.user_id] : [])),
      include_xlsx: editing.include_xlsx,
    };
  }
  return {
    title: source?.title ?? "",
    filters: source?.filters ?? {},
    follow_latest_year: false,
    frequency: "weekly",
    weekday: 1,
    month_day: 1,
    hour: 7,
    time_zone: browserZone(),
    recipients: [props.userId],
    include_xlsx: false,
  };
}

/**
 * Subscribe (or edit a subscription): weekly on a weekday or monthly on a day 1-28, at an hour of
 * a time zone (the browser's by default), to the user and colleagues of the organisation, as a PDF
 * and optionally the table as XLSX, with the filters shown on the screen.
 */
export function SubscribeDialog(props: SubscribeDialogProps) {
  const { opened, onClose, editing, source } = props;
  const [fields, setFields] = useState<SubscriptionFields>(() => initialFields(props));
  const list = useInfiniteQuery({ ...ownSubscriptionsQuery(), enabled: opened });
  const queryClient = useQueryClient();
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens, not on each render
  useEffect(() => {
    if (opened) setFields(initialFields(props));
  }, [opened]);

  const set = <K extends keyof SubscriptionFields>(key: K, value: SubscriptionFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  const save = useMutation({
    mutationFn: () => {
      const body = {
        ...fields,
        title: fields.title.trim(),
        weekday: fields.frequency === "weekly" ? fields.weekday : null,
        month_day: fields.frequency === "monthly" ? fields.month_day : null,
      };
      return editing
        ? editSubscription(editing.id, body)
        : createSubscription({ ...body, querie: source!.querie, saved_query_id: source!.savedQueryId });
    },
    onSuccess: ({ subscription }) => {
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.own });
      notifications.show({
        color: "green",
        message: `"${subscription.title}" is scheduled: ${subscription.schedule}. You find it in your Profile.`,
      });
      onClose();
    },
  });
  const fieldError = (name: string) =>
    save.error instanceof ApiError ? save.error.fieldMessage(name) : undefined;
  // Until the colleagues are read, the chosen ids show as "You" / "A colleague", never as ids.
  const colleagues = list.data?.pages[0]
    ? list.data.pages[0].colleagues.map((user) => ({
        value: user.id,
        label: `${user.username} (${user.email})`,
      }))
    : fields.recipients.map((id) => ({ value: id, label: id === props.userId ? "You" : "A colleague" }));
  const timeZones = useMemo(() => (opened ? zones(fields.time_zone) : []), [opened, fields.time_zone]);
  const next = useMemo(() => {
    try {
      return nextDelivery(
        {
          frequency: fields.frequency,
          weekday: fields.weekday,
          monthDay: fields.month_day,
          hour: fields.hour,
          timeZone: fields.time_zone,
        },
        new Date(),
      );
    } catch {
      return undefined;
    }
  }, [fields.frequency, fields.weekday, fields.month_day, fields.hour, fields.time_zone]);
  const year = fields.filters.year;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? "Edit subscription" : "Subscribe to this report"}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Title"
            required
            maxLength={100}
            value={fields.title}
            onChange={(event) => set("title", event.currentTarget.value)}
            error={fieldError("title")}
          />
          <SegmentedControl
            aria-label="Frequency"
            data={[
              { value: "weekly", label: "Weekly" },
              { value: "monthly", label: "Monthly" },
            ]}
            value={fields.frequency}
            onChange={(value) => set("frequency", value as SubscriptionFields["frequency"])}
          />
          <Group grow align="flex-start">
            {fields.frequency === "weekly" ? (
              <Select
                label="Weekday"
                data={WEEKDAYS.map((label, index) => ({ value: String(index), label }))}
                value={String(fields.weekday ?? 1)}
                onChange={(value) => set("weekday", Number(value ?? 1))}
                allowDeselect={false}
                error={fieldError("weekday")}
              />
            ) : (
              <NumberInput
                label="Day of the month"
                description="1 to 28"
                min={1}
                max={28}
                clampBehavior="strict"
                value={fields.month_day ?? 1}
                onChange={(value) => set("month_day", Number(value) || 1)}
                error={fieldError("month_day")}
              />
            )}
            <Select
              label="Hour"
              data={HOURS}
              value={String(fields.hour)}
              onChange={(value) => set("hour", Number(value ?? 7))}
              allowDeselect={false}
              error={fieldError("hour")}
            />
          </Group>
          <Select
            label="Time zone"
            data={timeZones}
            searchable
            value={fields.time_zone}
            onChange={(value) => set("time_zone", value ?? browserZone())}
            allowDeselect={false}
            error={fieldError("time_zone")}
          />
          <MultiSelect
            label="Recipients"
            description="You and colleagues of your organisation"
            data={colleagues}
            value={fields.recipients}
            onChange={(value) => set("recipients", value)}
            searchable
            disabled={!list.data}
            error={fieldError("recipients")}
          />
          <Checkbox label="PDF report" checked disabled readOnly />
          <Checkbox
            label="Also the table as an XLSX file"
            checked={fields.include_xlsx}
            onChange={(event) => set("include_xlsx", event.currentTarget.checked)}
          />
          <Checkbox
            label={`Follow the latest enabled year${year ? ` (instead of ${year})` : ""}`}
            checked={fields.follow_latest_year}
            onChange={(event) => set("follow_latest_year", event.currentTarget.checked)}
          />
          <Text size="sm" c="dimmed">
            {next
              ? `First delivery: ${next.toLocaleString(undefined, { dateStyle: "full", timeStyle: "short" })}`
              : ""}
          </Text>
          {save.error ? (
            <Alert color="red" variant="light">
              {errorMessage(save.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={fields.recipients.length === 0}>
              {editing ? "Save" : "Subscribe"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
