// Settings → Alerts: the notification channels. Per channel its type, name, where it posts (secrets
// masked) and the alerts it takes, with Send test (the service's answer comes back as a toast), Edit and Delete.
import type { ColumnDef } from '@tanstack/react-table';
import { ALERT_KIND_LABELS, CHANNEL_TYPE_LABELS, type NotificationChannelView } from '@tracker/schemas';
import { Plus, Send } from 'lucide-react';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { EditDeleteButtons } from '../../ui/EditDeleteButtons';
import { useConfirmTarget } from '../../ui/use-confirm-target';
import { ChannelDialog } from './ChannelDialog';
import { useDeleteChannel, useNotificationChannels, useTestChannel } from './queries';

const NO_SORTING: [] = [];

export function NotificationChannelsCard() {
  const channels = useNotificationChannels();
  const test = useTestChannel();
  const remove = useDeleteChannel();
  const confirmDelete = useConfirmTarget<NotificationChannelView>();
  const [dialog, setDialog] = useState<{ open: boolean; channel: NotificationChannelView | null }>({ open: false, channel: null });

  const columns = useMemo<ColumnDef<NotificationChannelView>[]>(
    () => [
      {
        id: 'channel',
        header: 'Channel',
        size: 250,
        cell: ({ row }) => (
          <div className="flex min-w-0 items-center gap-2">
            <Badge variant="secondary">{CHANNEL_TYPE_LABELS[row.original.type]}</Badge>
            <span className="truncate font-medium" title={row.original.name}>
              {row.original.name}
            </span>
          </div>
        ),
      },
      {
        id: 'target',
        header: 'Sends to',
        size: 380,
        cell: ({ row }) => (
          <div className="grid min-w-0">
            <code className="truncate font-mono text-xs" title={row.original.target}>
              {row.original.target}
            </code>
            {row.original.type !== 'slack' && (
              <span className="text-xs text-muted-foreground">
                {row.original.type === 'telegram' ? 'Bot token' : 'Signing secret'} <code className="font-mono">{row.original.secretMasked}</code>
              </span>
            )}
          </div>
        ),
      },
      {
        id: 'alerts',
        header: 'Alerts',
        size: 250,
        cell: ({ row }) =>
          row.original.alertKinds.length === 0 ? (
            <span className="text-sm">Every alert</span>
          ) : (
            <span className="text-sm break-words whitespace-normal">{row.original.alertKinds.map((k) => ALERT_KIND_LABELS[k]).join(', ')}</span>
          ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        size: 200,
        meta: { align: 'right' },
        cell: ({ row }) => {
          const channel = row.original;
          const testing = test.isPending && test.variables?.id === channel.id;
          return (
            <div className="flex items-center justify-end gap-1">
              <Button variant="outline" size="sm" aria-label={`Send test to ${channel.name}`} disabled={test.isPending} onClick={() => test.mutate(channel)}>
                <Send aria-hidden="true" />
                {testing ? 'Sending...' : 'Send test'}
              </Button>
              <EditDeleteButtons
                name={channel.name}
                onEdit={() => setDialog({ open: true, channel })}
                onDelete={() => confirmDelete.ask(channel)}
                deleting={remove.isPending}
              />
            </div>
          );
        },
      },
    ],
    [test, remove.isPending, confirmDelete],
  );

  return (
    <Card className="min-w-0 xl:col-span-2">
      <CardHeader className="flex flex-wrap items-start justify-between gap-4 sm:flex-nowrap">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <CardTitle>
            <h2>Notification channels</h2>
          </CardTitle>
          <CardDescription>
            Where alerts go: a failing spend sync, a campaign whose conversions stopped, reports falling behind, events stuck in the spill, a
            domain that stopped working. Each is sent once when it starts and once when it is back to normal.
          </CardDescription>
        </div>
        <Button className="shrink-0" onClick={() => setDialog({ open: true, channel: null })}>
          <Plus aria-hidden="true" />
          Add channel
        </Button>
      </CardHeader>
      <CardContent>
        <DataTable
          label="Notification channels"
          data={channels.data ?? []}
          columns={columns}
          getRowId={(row) => String(row.id)}
          sorting={NO_SORTING}
          onSortingChange={() => {}}
          manualSorting
          isPending={channels.isPending}
          loadingLabel="Loading channels..."
          emptyMessage={channels.isError ? `Failed to fetch channels: ${errorMessage(channels.error)}` : 'No channels yet. Add one to receive alerts.'}
        />
      </CardContent>
      <ChannelDialog open={dialog.open} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} channel={dialog.channel} />
      <ConfirmDialog
        open={confirmDelete.open}
        onOpenChange={(open) => !open && confirmDelete.close()}
        title="Delete this channel?"
        description={`"${confirmDelete.target?.name ?? ''}" will receive no more alerts. Alerts already sent stay in the log.`}
        pending={remove.isPending}
        onConfirm={() => confirmDelete.target && remove.mutate(confirmDelete.target.id, { onSettled: confirmDelete.close })}
      />
    </Card>
  );
}
