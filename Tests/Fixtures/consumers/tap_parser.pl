#!/usr/bin/perl
# Reads a TAP file with TAP::Parser (the parser behind Perl's `prove`, Debian package perl) and
# prints one JSON object per line: each test point as TAP::Parser reads it (verdict, number,
# description, YAML block), then a summary (plan, tests run, parse errors).
# verdict: "pass" (ok, no directive), "fail" (not ok, no directive), "skip" (SKIP directive),
# "todo" (TODO directive: counted as passing by prove whatever the ok).
# Usage: perl tap_parser.pl FILE.tap
use strict;
use warnings;
use TAP::Parser;
use JSON::PP;

my $file = shift @ARGV or die "usage: tap_parser.pl FILE.tap\n";
open my $fh, '<:encoding(UTF-8)', $file or die "cannot read $file: $!\n";
my $text = do { local $/; <$fh> };
close $fh;

my $json = JSON::PP->new->utf8->canonical;
my $parser = TAP::Parser->new({ tap => $text });
my $last;
my @points;
while (my $result = $parser->next) {
    if ($result->is_test) {
        my $verdict = $result->has_skip ? 'skip'
                    : $result->has_todo ? 'todo'
                    : $result->is_actual_ok ? 'pass' : 'fail';
        $last = { number => $result->number + 0, verdict => $verdict, description => $result->description };
        push @points, $last;
    } elsif ($result->is_yaml && $last) {
        $last->{yaml} = $result->data;
    }
}
print $json->encode($_), "\n" for @points;
print $json->encode({
    summary => JSON::PP::true,
    planned => ($parser->tests_planned // -1) + 0,
    run => $parser->tests_run + 0,
    parse_errors => [ $parser->parse_errors ],
}), "\n";
