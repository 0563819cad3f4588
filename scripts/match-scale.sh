#!/usr/bin/env bash
# The Standard match's run at scale, simulated (issue 68): the job tree scheduler
# (src/run/job_tree.h), the real run's source, on 64, 256, 1 000 and 2 048 ranks (64 nodes of
# 32 cores) of a cluster SimGrid's SMPI simulates, each job's proof swapped for its cost drawn
# from the committed levels journal (app/match_scale/scale_work.h). Writes reports/match-scale.md and reports/match-scale.json
# (per rank count: ranks, makespan_s, ideal_s, efficiency, largest_shard_share, and the rest).
#
#   scripts/match-scale.sh [--ranks "64 256 1000 2048"] [--build DIR] [--journal FILE] [--seed N]
#                          [--group3 N] [--group-deeper N] [--report FILE] [--json FILE]
#
# Needs the build's match_scale_sim (built when libsimgrid-dev is installed: scripts/run.sh
# installs it) and python3. 8 to 14 minutes on this machine for the four rank counts.
set -euo pipefail
ranks="64 256 1000 2048" build=build/release journal=reports/levels/standard-depth-prices.jsonl seed=1
group3=512 group_deeper=4096 report=reports/match-scale.md json=reports/match-scale.json
while [ $# -gt 0 ]; do
  case "$1" in
    --ranks) ranks=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --journal) journal=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --group3) group3=$2; shift 2 ;;
    --group-deeper) group_deeper=$2; shift 2 ;;
    --report) report=$2; shift 2 ;;
    --json) json=$2; shift 2 ;;
    *) echo "usage: scripts/match-scale.sh [--ranks \"64 256 1000 2048\"] [--build DIR] [--journal FILE] [--seed N] [--group3 N] [--group-deeper N] [--report FILE] [--json FILE]" >&2; exit 2 ;;
  esac
done
sim=$build/app/match_scale_sim
[ -x "$sim" ] || { echo "match-scale: no $sim: install libsimgrid-dev and build (scripts/run.sh)" >&2; exit 2; }
[ -r "$journal" ] || { echo "match-scale: cannot read the journal $journal" >&2; exit 2; }
# Never over a file this script did not write: an existing report must be one of its own.
if [ -e "$report" ] && [ "$(head -n 1 "$report" 2>/dev/null)" != "# The Standard match at scale, simulated" ]; then
  echo "match-scale: $report is not a report of this script (its first line is not '# The Standard match at scale, simulated'): not written over" >&2
  exit 2
fi
if [ -e "$json" ] && ! python3 -c "import json,sys; sys.exit(0 if json.load(open(sys.argv[1])).get('made_by') == 'scripts/match-scale.sh' else 1)" "$json" 2>/dev/null; then
  echo "match-scale: $json is not this script's (no \"made_by\": \"scripts/match-scale.sh\"): not written over" >&2
  exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
most=$(echo "$ranks" | tr ' ' '\n' | sort -n | tail -n 1)
# The cluster: a host a rank on one switch, 10 Gbit/s links of 2 us latency (an InfiniBand-class
# network), a 100 Gbit/s backbone. Each host runs the rank (process r) and its core (process
# N + r, standing for the rank's worker thread: app/match_scale/main.cpp).
cat >"$work/cluster.xml" <<XML
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <cluster id="cluster" prefix="node-" suffix="" radical="0-$((most - 1))" speed="1Gf" core="2" bw="10Gbps" lat="2us" bb_bw="100Gbps" bb_lat="1us"/>
</platform>
XML
for n in $ranks; do
  echo "match-scale: $n simulated ranks" >&2
  # privatization off: the simulated ranks share one copy of the program (the model read once);
  # simulate-computation off: the scheduler's own CPU time is not added to the simulated clock;
  # test and iprobe 0: a look at the messages costs no simulated time.
  { seq 0 $((n - 1)); seq 0 $((n - 1)); } | sed 's/^/node-/' >"$work/hosts"
  /usr/bin/time -f "%e s wall, %M kB" -o "$work/$n.time" \
    smpirun -np $((2 * n)) -platform "$work/cluster.xml" -hostfile "$work/hosts" --log=root.thres:warning \
    --cfg=smpi/privatization:no --cfg=smpi/simulate-computation:no --cfg=smpi/test:0 --cfg=smpi/iprobe:0 \
    "$sim" "$journal" "$seed" "$group3" "$group_deeper" >"$work/$n.json" 2> >(grep -v '^\[' >&2)
done
python3 - "$work" "$ranks" "$report" "$json" "$journal" "$seed" "$group3" "$group_deeper" <<'PY'
import datetime, json, os, sys
work, ranks, report, out, journal, seed, group3, group_deeper = sys.argv[1:]
runs = [json.load(open(f"{work}/{n}.json")) for n in ranks.split()]
for r, n in zip(runs, ranks.split()):
    r["simulation"] = open(f"{work}/{n}.time").read().strip()
doc = {"made_by": "scripts/match-scale.sh", "journal": journal, "seed": int(seed),
       "group3": int(group3), "group_deeper": int(group_deeper),
       "platform": "a host a rank on one switch: 10 Gbit/s links, 2 us latency, 100 Gbit/s backbone",
       "runs": runs}
day = 86400
lines = ["# The Standard match at scale, simulated", "",
         f"Made by `scripts/match-scale.sh --ranks \"{ranks}\" --seed {seed} --group3 {group3} --group-deeper {group_deeper}` "
         f"on {datetime.date.today()} (figures also in `{out}`).", "",
         "The job tree scheduler (`src/run/job_tree.h`), compiled from the real run's source against SimGrid's SMPI, "
         "ran the Standard match's projected work on simulated ranks: each job's proof swapped for its cost in simulated "
         f"seconds and the starts it rests on, drawn from the {runs[0]['plans_measured']} plans measured in `{journal}` "
         "(`app/match_scale/scale_work.h`). Rank 0 coordinates and proves nothing; every other rank proves one job at a "
         f"time and owns a shard of the round-start table. Network: {doc['platform']}.", "",
         "| ranks | makespan | ideal (work / ranks) | efficiency | busy, mean / least | messages a rank, mean / most | bytes a rank, mean / most | largest shard / share | queue peak | simulation |",
         "|---|---|---|---|---|---|---|---|---|---|"]
for r in runs:
    lines.append(f"| {r['ranks']} | {r['makespan_s'] / day:,.1f} days | {r['ideal_s'] / day:,.1f} days | **{100 * r['efficiency']:.1f} %** | "
                 f"{100 * r['busy_fraction_mean']:.1f} % / {100 * r['busy_fraction_min']:.1f} % | "
                 f"{r['messages_per_rank_mean']:,.0f} / {r['messages_per_rank_max']:,} | {r['bytes_per_rank_mean'] / 1e6:,.2f} MB / {r['bytes_per_rank_max'] / 1e6:,.1f} MB | "
                 f"{r['largest_shard_share']:.2f} | {r['queue_peak']:,} | {r['simulation']} |")
r0 = runs[0]
lines += ["", f"**The work**: {r0['work_core_hours']:,.0f} core-hours, the same tree at every rank count (each job's draws come from its seed, "
          f"made by its parent's); the table holds {r0['table_starts']:.3g} starts. By level (starts handed out as jobs; proved inside their "
          "master, one-round starts):", "", "| level | handed out | inside | jobs simulated |", "|---|---|---|---|"]
for s, jobs in zip(r0["starts_by_level"], r0["jobs_by_level"] + [0] * 8):
    lines.append(f"| {s['level']} | {s['handed_out']:.3g} | {s['inside']:.3g} | {jobs:,} |")
lines += ["", "**What the simulation groups and leaves out** (so the figures are of the planned work, scheduled):", "",
          f"- A job is one start down to level 2, {group3} starts of one stratum at level 3 and {group_deeper} below: the match rests on "
          "some 1.4e11 starts, which cannot each be a simulated job. Larger jobs make the end of the run coarser (a lower efficiency), "
          "and fewer messages.",
          "- Every guess holds, and a master resumed with its jobs proved is done at once: failed guesses (a master planning again) "
          "and the resumed search were not measured.",
          "- A rank's core is a process of its own on the rank's host, sent each phase's seconds (the real run's worker thread); "
          "the rank waits on it and on its messages at once. The scheduler's own CPU time is not simulated (it is microseconds a message).",
          "- The efficiency counts rank 0, which proves nothing, as a rank: ideal = the work / all ranks."]
os.makedirs(os.path.dirname(report) or ".", exist_ok=True)
with open(report + ".tmp-scale", "w") as f:
    f.write("\n".join(lines) + "\n")
os.replace(report + ".tmp-scale", report)
with open(out + ".tmp-scale", "w") as f:
    json.dump(doc, f, indent=1)
    f.write("\n")
os.replace(out + ".tmp-scale", out)
for r in runs:
    print(f"{r['ranks']} ranks: makespan {r['makespan_s'] / day:,.1f} days, efficiency {100 * r['efficiency']:.1f} %, largest shard {r['largest_shard_share']:.2f} of its share")
PY
