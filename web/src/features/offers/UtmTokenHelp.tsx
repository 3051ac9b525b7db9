// The help text listing the tokens an offer's UTM template may use (spec §2 Offer Configuration).
import { UTM_TEMPLATE_TOKENS } from '@tracker/schemas';

export function UtmTokenHelp({ id }: { id?: string }) {
  return (
    <p id={id} className="text-xs leading-relaxed text-muted-foreground">
      Available tokens:{' '}
      {UTM_TEMPLATE_TOKENS.map((token, index) => (
        <span key={token}>
          <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.7rem] text-foreground">{token}</code>
          {index < UTM_TEMPLATE_TOKENS.length - 1 ? ', ' : ''}
        </span>
      ))}
    </p>
  );
}
