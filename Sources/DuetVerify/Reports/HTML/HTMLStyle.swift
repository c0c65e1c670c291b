/// The HTML report's inline style sheet. Results carry text marks too (`✓`, `✗`, `-`, `+`), so
/// colour only helps; it never carries meaning alone.
enum HTMLStyle {
  static let sheet = """
    :root { color-scheme: light; }
    body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
      color: #1d2330; background: #f6f7f9; margin: 0; padding: 24px 32px 48px; }
    h1 { font-size: 22px; margin: 0 0 4px; }
    h2 { font-size: 18px; margin: 32px 0 12px; padding-bottom: 4px; border-bottom: 1px solid #d6dae1; }
    h3 { font-size: 15px; margin: 0 0 10px; font-family: ui-monospace, "DejaVu Sans Mono", monospace;
      overflow-wrap: anywhere; }
    code, pre { font-family: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, monospace; font-size: 13px; }
    pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
    .summary { color: #4a5261; margin: 0; }
    .verdict { padding: 2px 10px; border-radius: 4px; }
    .verdict.pass, .cell.pass, td.pass { background: #e3f4e8; color: #176232; }
    .verdict.fail, .cell.fail, td.fail, li.fail { background: #fde7e7; color: #a3161b; }
    td.warn, li.warn { background: #fff4d6; color: #7a5400; }
    table { border-collapse: collapse; background: #fff; box-shadow: 0 1px 2px rgba(0,0,0,.06); }
    th, td { border: 1px solid #d6dae1; padding: 6px 12px; text-align: left; vertical-align: top; }
    thead th { background: #eceff4; font-weight: 600; }
    tbody th { font-weight: normal; }
    .matrix td { min-width: 140px; font-weight: 600; }
    .matrix td ul { margin: 4px 0 0; padding-left: 18px; font-weight: normal; font-size: 13px; }
    .matrix a { color: inherit; }
    .cell.none { color: #7b8391; font-weight: normal; }
    .taxonomy td ul { margin: 0; padding-left: 16px; }
    .taxonomy td, .taxonomy th { font-size: 13px; }
    .taxonomy tbody th, .taxonomy td.pass, .taxonomy td.fail, .taxonomy td.warn { white-space: nowrap; }
    ul.problems, ul.findings { list-style: none; padding: 0; }
    ul.problems li, ul.findings li { background: #fff; border-left: 4px solid #a3161b; padding: 6px 10px; margin: 6px 0; }
    ul.findings li.warn { border-left-color: #c58a00; }
    .failure { background: #fff; border: 1px solid #d6dae1; border-left: 4px solid #a3161b; border-radius: 4px;
      padding: 14px 18px; margin: 0 0 16px; }
    .failure dl { display: grid; grid-template-columns: max-content 1fr; gap: 3px 14px; margin: 0 0 12px; }
    .failure dt { color: #4a5261; }
    .failure dd { margin: 0; overflow-wrap: anywhere; }
    .legend { margin: 0 0 4px; font-size: 13px; }
    .legend span { padding: 1px 6px; margin-right: 8px; border-radius: 3px; }
    pre.diff { background: #fbfbfc; border: 1px solid #e2e5ea; padding: 8px 0; }
    pre.diff span { display: block; padding: 0 10px; }
    .del { background: #fde7e7; color: #8c1116; }
    .ins { background: #e3f4e8; color: #145a2d; }
    .gap { color: #7b8391; font-style: italic; }
    pre.stderr { background: #1d2330; color: #e8ebf0; padding: 8px 10px; border-radius: 4px; }
    details { margin: 0 0 10px; }
    summary { cursor: pointer; color: #4a5261; }
    footer { margin-top: 40px; color: #7b8391; font-size: 12px; }

    """
}
