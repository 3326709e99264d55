import { runAiAuditTrailConformance } from '../testing/ai-audit-trail-conformance.js';
import { createMemoryAiAuditTrail } from './memory-ai-audit-trail.js';

runAiAuditTrailConformance('memory', { open: () => createMemoryAiAuditTrail() });
