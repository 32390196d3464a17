import * as ts from 'typescript';

export interface SourceComment {
  text: string;
  /** 1-based line of the comment's first character. */
  line: number;
}

const K = ts.SyntaxKind;

/** Tokens after which a `/` divides; after anything else it starts a regular expression. */
const ENDS_AN_EXPRESSION = new Set<ts.SyntaxKind>([
  K.Identifier,
  K.PrivateIdentifier,
  K.NumericLiteral,
  K.BigIntLiteral,
  K.StringLiteral,
  K.RegularExpressionLiteral,
  K.NoSubstitutionTemplateLiteral,
  K.TemplateTail,
  K.CloseParenToken,
  K.CloseBracketToken,
  K.CloseBraceToken,
  K.PlusPlusToken,
  K.MinusMinusToken,
  K.ExclamationToken,
]);

/** Keywords that an expression may follow: a `/` after them starts a regular expression. */
const BEFORE_AN_EXPRESSION = new Set<ts.SyntaxKind>([
  K.ReturnKeyword,
  K.TypeOfKeyword,
  K.InKeyword,
  K.OfKeyword,
  K.CaseKeyword,
  K.VoidKeyword,
  K.DeleteKeyword,
  K.ThrowKeyword,
  K.NewKeyword,
  K.InstanceOfKeyword,
  K.YieldKeyword,
  K.AwaitKeyword,
  K.ElseKeyword,
  K.DoKeyword,
]);

function slashDivides(previous: ts.SyntaxKind): boolean {
  if (ENDS_AN_EXPRESSION.has(previous)) return true;
  const keyword = previous >= K.FirstKeyword && previous <= K.LastKeyword;
  return keyword && !BEFORE_AN_EXPRESSION.has(previous);
}

/**
 * Every comment of a TypeScript or JavaScript file. TypeScript's scanner reads the tokens, so text
 * inside strings, template literals and regular expressions is never taken for a comment; the two
 * places where the scanner needs the parser's context (the rest of a template after `${...}`, and a
 * `/` that starts a regular expression) are decided here from the previous token. A full parse would
 * be exact but is about fifteen times slower over the repository, for the same comments.
 */
export function sourceComments(text: string): SourceComment[] {
  const scanner = ts.createScanner(
    ts.ScriptTarget.Latest,
    false,
    ts.LanguageVariant.Standard,
    text,
  );
  const comments: SourceComment[] = [];
  // One entry per open `{` or `${`: true when it opened a template substitution.
  const braces: boolean[] = [];
  let previous: ts.SyntaxKind = K.Unknown;
  let line = 1;
  let lineCountedTo = 0;
  for (let token = scanner.scan(); token !== K.EndOfFileToken; token = scanner.scan()) {
    if (token === K.SingleLineCommentTrivia || token === K.MultiLineCommentTrivia) {
      const start = scanner.getTokenStart();
      line += countNewlines(text, lineCountedTo, start);
      lineCountedTo = start;
      comments.push({ text: scanner.getTokenText(), line });
      continue;
    }
    if (token === K.WhitespaceTrivia || token === K.NewLineTrivia) continue;
    if (token === K.OpenBraceToken) braces.push(false);
    else if (token === K.TemplateHead) braces.push(true);
    else if (token === K.CloseBraceToken && braces.pop()) {
      token = scanner.reScanTemplateToken(false);
      if (token === K.TemplateMiddle) braces.push(true);
    } else if (
      (token === K.SlashToken || token === K.SlashEqualsToken) &&
      !slashDivides(previous)
    ) {
      token = scanner.reScanSlashToken();
    }
    previous = token;
  }
  return comments;
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) count++;
  return count;
}
