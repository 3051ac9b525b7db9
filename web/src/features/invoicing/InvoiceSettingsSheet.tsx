// The Settings side panel of a tab: the settings document its PDFs print (from-company, bill-to, terms,
// bank and wire details). The advertiser panel also holds Saved Companies: save one, pick one to fill
// the create form, delete one.
import { INVOICE_SETTING_FIELDS, type InvoiceKind, type InvoiceSettingField, type InvoiceSettings } from '@tracker/schemas';
import { Settings, Trash2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Input } from '../../ui/Input';
import { Separator } from '../../ui/Separator';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '../../ui/Sheet';
import { Textarea } from '../../ui/Textarea';
import { useConfirmTarget } from '../../ui/use-confirm-target';
import { FormField } from './FormField';
import { useAdvertiserCompanies, useDeleteCompany, useInvoiceSettings, useSaveCompany, useSaveInvoiceSettings, type AdvertiserCompany } from './queries';

const LABELS: Record<InvoiceSettingField, string> = {
  fromCompanyName: 'From company name',
  fromAddress: 'From address',
  billToName: 'Bill to name',
  billToAddress: 'Bill to address',
  terms: 'Terms',
  accountManager: 'Account manager',
  bankName: 'Bank name',
  bankAddress: 'Bank address',
  beneficiaryName: 'Beneficiary name',
  beneficiaryAddress: 'Beneficiary address',
  routingNumber: 'Routing number (ACH)',
  wireRoutingNumber: 'Wire routing number',
  swiftCode: 'SWIFT / BIC',
  iban: 'IBAN',
  ifscCode: 'IFSC code',
  accountNumber: 'Account number',
  checkAddress: 'Check mailing address',
};
const MULTILINE = new Set<InvoiceSettingField>(['fromAddress', 'billToAddress', 'bankAddress', 'beneficiaryAddress', 'checkAddress', 'terms']);

function SettingsForm({ kind, settings }: { kind: InvoiceKind; settings: InvoiceSettings }) {
  const save = useSaveInvoiceSettings(kind);
  const [values, setValues] = useState<InvoiceSettings>(settings);
  useEffect(() => setValues(settings), [settings]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values);
  };
  return (
    <form className="grid gap-3" onSubmit={onSubmit} aria-label={`${kind === 'publisher' ? 'Publisher' : 'Advertiser'} invoice settings`}>
      {INVOICE_SETTING_FIELDS.map((field) => {
        const id = `${kind}-setting-${field}`;
        const common = { id, value: values[field] ?? '', onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })) };
        return (
          <FormField key={field} id={id} label={LABELS[field]}>
            {MULTILINE.has(field) ? <Textarea rows={2} {...common} /> : <Input {...common} />}
          </FormField>
        );
      })}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Settings'}
      </Button>
    </form>
  );
}

function SavedCompanies({ onPick }: { onPick: (company: AdvertiserCompany) => void }) {
  const companies = useAdvertiserCompanies();
  const saveCompany = useSaveCompany();
  const deleteCompany = useDeleteCompany();
  // Every delete asks first: a saved company's address is typed once and would be gone with one stray click.
  const confirmDelete = useConfirmTarget<AdvertiserCompany>();
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Company name is required');
    setError(undefined);
    saveCompany.mutate({ companyName: name, billingAddress: address }, { onSuccess: () => (setName(''), setAddress('')) });
  };
  return (
    <section className="grid gap-3" aria-label="Saved Companies">
      <div>
        <h3 className="font-medium">Saved Companies</h3>
        <p className="text-sm text-muted-foreground">Pick a company to fill the invoice form with its name and billing address.</p>
      </div>
      {companies.data?.length ? (
        <ul className="grid gap-2">
          {companies.data.map((company) => (
            <li key={company.id} className="flex items-start justify-between gap-2 rounded-md border p-2 text-sm">
              <button type="button" className="grid text-left hover:underline" onClick={() => onPick(company)} aria-label={`Use ${company.companyName}`}>
                <span className="font-medium">{company.companyName}</span>
                {company.billingAddress && <span className="whitespace-pre-line text-muted-foreground">{company.billingAddress}</span>}
              </button>
              <Button variant="ghost" size="icon" className="size-7" aria-label={`Delete company ${company.companyName}`} onClick={() => confirmDelete.ask(company)}>
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{companies.isPending ? 'Loading companies...' : 'No saved companies yet.'}</p>
      )}
      <ConfirmDialog
        open={confirmDelete.open}
        onOpenChange={(open) => !open && confirmDelete.close()}
        title={`Delete ${confirmDelete.target?.companyName ?? 'company'}?`}
        description="The company leaves Saved Companies; invoices already made for it keep its name and address."
        pending={deleteCompany.isPending}
        onConfirm={() => confirmDelete.target && deleteCompany.mutate(confirmDelete.target.id, { onSuccess: confirmDelete.close })}
      />
      <form className="grid gap-2" onSubmit={onSubmit} aria-label="Save company" noValidate>
        <FormField id="company-name" label="Company name" error={error}>
          <Input id="company-name" value={name} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <FormField id="company-address" label="Billing address">
          <Textarea id="company-address" rows={2} value={address} onChange={(e) => setAddress(e.target.value)} />
        </FormField>
        <Button type="submit" variant="outline" disabled={saveCompany.isPending}>
          Save Company
        </Button>
      </form>
    </section>
  );
}

export function InvoiceSettingsSheet({ kind, onPickCompany }: { kind: InvoiceKind; onPickCompany?: (company: AdvertiserCompany) => void }) {
  const settings = useInvoiceSettings(kind);
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="outline">
          <Settings aria-hidden="true" /> Settings
        </Button>
      </SheetTrigger>
      <SheetContent className="right-0 left-auto w-full overflow-y-auto border-l p-6 sm:max-w-md">
        <SheetHeader className="p-0">
          <SheetTitle>{kind === 'publisher' ? 'Publisher invoice settings' : 'Advertiser invoice settings'}</SheetTitle>
          <SheetDescription>Printed on every PDF of this kind. Bank fields left blank are left off.</SheetDescription>
        </SheetHeader>
        {onPickCompany && (
          <>
            <SavedCompanies
              onPick={(company) => {
                onPickCompany(company);
                setOpen(false);
              }}
            />
            <Separator />
          </>
        )}
        {settings.data ? <SettingsForm kind={kind} settings={settings.data} /> : <p className="text-sm text-muted-foreground">Loading settings...</p>}
      </SheetContent>
    </Sheet>
  );
}
