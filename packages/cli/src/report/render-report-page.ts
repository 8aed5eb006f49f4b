import type { ReportInput } from './read-report-input.js';
import { renderCalibrationReport, renderEchoReport, renderEvalReport } from './render-artifacts.js';
import { renderPage } from './render-page.js';
import { renderVerifications } from './render-verifications.js';

/** Renders any report input as one self-contained HTML page. */
export function renderReportPage(input: ReportInput): string {
  switch (input.kind) {
    case 'verifications':
      return renderPage(renderVerifications(input));
    case 'eval':
      return renderPage(renderEvalReport(input.name, input.report));
    case 'echo':
      return renderPage(renderEchoReport(input.name, input.report));
    case 'calibration':
      return renderPage(renderCalibrationReport(input.name, input.report));
  }
}
