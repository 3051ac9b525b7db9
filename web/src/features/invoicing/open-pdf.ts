// Shows a generated invoice PDF: a preview in a new tab, or a download under its invoice-number name.
// The tab is opened during the click (before the server answers), so no pop-up blocker stops it.
import type { InvoicePdf } from '@tracker/schemas';

function pdfUrl(pdf: InvoicePdf): string {
  const bytes = Uint8Array.from(atob(pdf.pdfBase64), (c) => c.charCodeAt(0));
  return URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
}

/** Opens the preview tab now; `show` fills it once the PDF is there, `fail` closes it. */
export function openPreviewTab(): { show: (pdf: InvoicePdf) => void; fail: () => void } {
  const tab = window.open('', '_blank');
  return {
    show: (pdf) => {
      const url = pdfUrl(pdf);
      if (tab) tab.location.href = url;
      else window.open(url, '_blank');
      // The tab has loaded the blob long before a minute passes; the URL is then only memory.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
    fail: () => tab?.close(),
  };
}

export function downloadPdf(pdf: InvoicePdf): void {
  const url = pdfUrl(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = pdf.filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
