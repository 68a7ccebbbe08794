"""Match runner, tournaments (Ray), benchmarks and the `arena` CLI."""
