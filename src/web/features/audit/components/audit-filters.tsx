import { AUDIT_KINDS, type AuditPeopleResponse } from '../../../../contract/audit.ts';
import type { AuditFilters } from '../api/get-audit.ts';
import { AUDIT_KIND_LABELS, isAuditKind } from '../audit-format.ts';
import './audit.css';
import '../../../components/ui/form-fields.css';

type Person = AuditPeopleResponse['people'][number];

interface AuditFiltersProps {
  filters: AuditFilters;
  /** Everyone who changed something; undefined while loading. */
  people: Person[] | undefined;
  onChange: (filters: AuditFilters) => void;
}

/** The person options: the shop itself is 0; a name two people share gets their number. */
function personOptions(people: Person[], current: string): { value: string; label: string }[] {
  const named = people.map((person) => person.name);
  const options = people.map((person) => ({
    value: person._id ?? '0',
    label:
      person._id === null
        ? `${person.name} (the shop itself)`
        : named.indexOf(person.name) !== named.lastIndexOf(person.name)
          ? `${person.name} (#${person._id})`
          : person.name,
  }));
  // A person in the address that the list does not have (yet) stays choosable.
  if (current && !options.some((option) => option.value === current)) {
    options.push({ value: current, label: current === '0' ? 'The shop itself' : `Person #${current}` });
  }
  return options;
}

/** Filter the audit log by kind and by person; each change applies at once. */
export function AuditFiltersForm({ filters, people, onChange }: AuditFiltersProps) {
  return (
    <form className="audit-filters" aria-label="Filter the audit log" onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label htmlFor="audit-kind">Kind</label>
        <select
          id="audit-kind"
          value={filters.kind}
          onChange={(event) => {
            const kind = event.target.value;
            onChange({ ...filters, kind: isAuditKind(kind) ? kind : '' });
          }}
        >
          <option value="">All kinds</option>
          {AUDIT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {AUDIT_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-actor">Person</label>
        <select
          id="audit-actor"
          value={filters.actor}
          aria-busy={people === undefined}
          onChange={(event) => onChange({ ...filters, actor: event.target.value })}
        >
          <option value="">Everyone</option>
          {personOptions(people ?? [], filters.actor).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
