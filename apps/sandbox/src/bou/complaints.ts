import { randomInt } from 'node:crypto';
import type { BbpsComplaintRegistrationResponse, BbpsComplaintTrackResponse } from '@erti/protocols';
import type { Catalogue } from './catalogue.ts';
import { istParts, type SandboxClock } from './clock.ts';
import type { PaymentDesk } from './payments.ts';
import { type ComplaintRegistration, isDisposition } from './requests.ts';

/**
 * The complaint management system: transaction complaints (about a payment, with an NPCI
 * disposition) and service complaints (about an agent or a biller). A complaint moves from
 * ASSIGNED to ESCALATED after a minute and to RESOLVED after two, on the sandbox clock.
 */

const escalateAfterMs = 60_000;
const resolveAfterMs = 120_000;

interface Complaint {
  complaintId: string;
  complaintType: 'Transaction' | 'Service';
  complaintAssigned: string;
  registeredAt: number;
  txnRefId?: string;
  disposition?: string;
}

class ComplaintRefusal extends Error {
  constructor(
    readonly errorCode: string,
    readonly errorMessage: string,
  ) {
    super(errorMessage);
  }
}

const errorInfo = (error: ComplaintRefusal) => ({
  responseCode: '001',
  responseReason: 'FAILURE',
  errorInfo: { error: [{ errorCode: error.errorCode, errorMessage: error.errorMessage }] },
});

export class ComplaintDesk {
  private readonly complaints = new Map<string, Complaint>();

  constructor(
    private readonly catalogue: Catalogue,
    private readonly payments: PaymentDesk,
    private readonly clock: SandboxClock,
  ) {}

  register(request: ComplaintRegistration): BbpsComplaintRegistrationResponse {
    try {
      const complaint =
        request.complaintType === 'Transaction'
          ? this.transactionComplaint(request)
          : this.serviceComplaint(request);
      const repeated = this.complaints.has(complaint.complaintId);
      this.complaints.set(complaint.complaintId, complaint);
      return {
        complaintRegistrationResp: {
          complaintAssigned: complaint.complaintAssigned,
          complaintId: complaint.complaintId,
          responseCode: '000',
          responseReason: repeated ? 'Complaint already registered' : 'SUCCESS',
        },
      };
    } catch (error) {
      if (!(error instanceof ComplaintRefusal)) throw error;
      return { complaintRegistrationResp: { complaintAssigned: '', complaintId: '', ...errorInfo(error) } };
    }
  }

  /** One open complaint per transaction and disposition: registering it again returns the same one. */
  private transactionComplaint(request: ComplaintRegistration): Complaint {
    const transaction = request.txnRefId ? this.payments.transaction(request.txnRefId) : undefined;
    if (!transaction) throw new ComplaintRefusal('CMP001', 'Unknown transaction reference (txnRefId)');
    if (!isDisposition(request.complaintDisposition)) {
      throw new ComplaintRefusal(
        'CMP002',
        'complaintDisposition must be one of the NPCI transaction dispositions',
      );
    }
    const open = [...this.complaints.values()].find(
      (complaint) =>
        complaint.txnRefId === transaction.txnReferenceId &&
        complaint.disposition === request.complaintDisposition,
    );
    return (
      open ?? {
        ...this.newComplaint('Transaction', 'BBPOU'),
        txnRefId: transaction.txnReferenceId,
        disposition: request.complaintDisposition,
      }
    );
  }

  private serviceComplaint(request: ComplaintRegistration): Complaint {
    if (!request.participationType)
      throw new ComplaintRefusal('CMP003', 'participationType is required (AGENT or BILLER)');
    if (!request.servReason?.trim()) throw new ComplaintRefusal('CMP003', 'servReason is required');
    if (request.participationType === 'AGENT') {
      if (!request.agentId?.trim())
        throw new ComplaintRefusal('CMP003', 'agentId is required for an agent complaint');
      return this.newComplaint('Service', 'COU');
    }
    if (!request.billerId || !this.catalogue.byId(request.billerId)) {
      throw new ComplaintRefusal('CMP003', 'A known billerId is required for a biller complaint');
    }
    return this.newComplaint('Service', 'BBPOU');
  }

  /** `CC01` + YYDDD + 6 digits, e.g. CC0125126291941. */
  private newComplaint(complaintType: Complaint['complaintType'], complaintAssigned: string): Complaint {
    const now = this.clock.now();
    const parts = istParts(now);
    const stamp = `CC01${String(parts.year % 100).padStart(2, '0')}${String(parts.dayOfYear).padStart(3, '0')}`;
    let complaintId: string;
    do complaintId = `${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    while (this.complaints.has(complaintId));
    return { complaintId, complaintType, complaintAssigned, registeredAt: now.getTime() };
  }

  track(complaintType: Complaint['complaintType'], complaintId: string): BbpsComplaintTrackResponse {
    const complaint = this.complaints.get(complaintId);
    if (!complaint || complaint.complaintType !== complaintType) {
      const error = new ComplaintRefusal(
        'CMP004',
        `No ${complaintType.toLowerCase()} complaint ${complaintId}`,
      );
      return {
        complaintTrackingResp: {
          complaintAssigned: '',
          complaintId,
          complaintStatus: '',
          complaintRemarks: '',
          ...errorInfo(error),
        },
      };
    }
    const age = this.clock.now().getTime() - complaint.registeredAt;
    const [complaintStatus, complaintRemarks] =
      age < escalateAfterMs
        ? ['ASSIGNED', `Complaint assigned to ${complaint.complaintAssigned} for resolution`]
        : age < resolveAfterMs
          ? ['ESCALATED', 'Escalated to the biller operating unit; resolution in progress']
          : ['RESOLVED', resolutionRemark(complaint)];
    return {
      complaintTrackingResp: {
        complaintAssigned: complaint.complaintAssigned,
        complaintId,
        complaintStatus,
        complaintRemarks,
        responseCode: '000',
        responseReason: 'SUCCESS',
      },
    };
  }
}

function resolutionRemark(complaint: Complaint): string {
  if (complaint.complaintType === 'Service') return 'Resolved: the participant has addressed the concern';
  return `Resolved: the biller confirmed transaction ${complaint.txnRefId} and updated the customer account`;
}
