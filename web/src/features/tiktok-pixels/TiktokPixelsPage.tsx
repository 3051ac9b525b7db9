// The TikTok Pixels screen at /tiktok-pixels (spec §2): the 'Pixel Management' and 'Pixel Unlocker' tabs.
import { PageHeader } from '../../ui/PageHeader';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { PixelManagement } from './PixelManagement';
import { PixelUnlocker } from './PixelUnlocker';

export function TiktokPixelsPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="TikTok Pixels" description="Manage your TikTok pixels and test them with the Events API" />
      <Tabs defaultValue="management">
        <TabsList>
          <TabsTrigger value="management">Pixel Management</TabsTrigger>
          <TabsTrigger value="unlocker">Pixel Unlocker</TabsTrigger>
        </TabsList>
        <TabsContent value="management">
          <PixelManagement />
        </TabsContent>
        <TabsContent value="unlocker">
          <PixelUnlocker />
        </TabsContent>
      </Tabs>
    </div>
  );
}
