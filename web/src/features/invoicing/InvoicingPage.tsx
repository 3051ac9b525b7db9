// The Invoice Management screen (spec §2, admin only): Publisher Payouts and Advertiser Billing tabs.
import { PageHeader } from '../../ui/PageHeader';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { AdvertiserTab } from './AdvertiserTab';
import { PublisherTab } from './PublisherTab';

export function InvoicingPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Invoice Management" description="Pay media buyers and bill advertisers; PDFs carry your company and bank details from Settings." />
      <Tabs defaultValue="publisher">
        <TabsList>
          <TabsTrigger value="publisher">Publisher Payouts</TabsTrigger>
          <TabsTrigger value="advertiser">Advertiser Billing</TabsTrigger>
        </TabsList>
        <TabsContent value="publisher">
          <PublisherTab />
        </TabsContent>
        <TabsContent value="advertiser">
          <AdvertiserTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
