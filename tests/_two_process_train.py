"""One process of the 2-process data-parallel test (tests/transforms/test_parallel.py starts two).

Each process joins through `msfunc.communication.init()` (the cluster comes from the
MSFUNC_* environment variables), reads its shard of the dataset, and trains: two
steps of `msfunc.jit` on `distribute_batch`-ed batches, then one `data_sink` call of
two steps. With no cluster variables it trains the same 4 steps alone on the whole
batches: the reference. Prints the final Parameters as JSON.
"""

import json
import sys

import numpy as np

import msfunc as ms
import msfunc.dataset as ds
from msfunc import communication, nn, parallel

ROWS, GLOBAL_BATCH = 32, 8


def main():
    communication.init()
    rank, size = communication.get_rank(), communication.get_group_size()
    rng = np.random.default_rng(0)
    data = {
        "x": rng.standard_normal((ROWS, 3)).astype(np.float32),
        "y": rng.standard_normal((ROWS, 1)).astype(np.float32),
    }
    net = nn.Dense(3, 1, weight_init="ones", bias_init="zeros")
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
    loss_fn = nn.MSELoss()
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, opt.parameters)

    def step(x, y):
        loss, grads = grad_fn(x, y)
        opt(grads)
        return loss

    # Shard i of a 2-way split holds rows i, i+2, ...: each global batch is the same rows
    # as the single process's batch (in another order, which a mean loss does not see).
    if size > 1:
        ms.set_auto_parallel_context(
            parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True
        )
        parallel.prepare(net, opt)
        dataset = ds.NumpySlicesDataset(data, shuffle=False, num_shards=size, shard_id=rank)
        local_batch = GLOBAL_BATCH // size
        batches = [
            (data["x"][rank::size][i : i + local_batch], data["y"][rank::size][i : i + local_batch])
            for i in range(0, ROWS // size, local_batch)
        ]
    else:
        dataset = ds.NumpySlicesDataset(data, shuffle=False)
        local_batch = GLOBAL_BATCH
        batches = [(data["x"][i : i + 8], data["y"][i : i + 8]) for i in range(0, ROWS, 8)]
    jitted = ms.jit(step)
    for x, y in batches[:2]:
        jitted(*(parallel.distribute_batch(x, y) if size > 1 else (x, y)))
    sink = ms.data_sink(step, dataset.skip(2 * local_batch).batch(local_batch), sink_size=2)
    loss = sink()
    local = loss.addressable_data(0) if hasattr(loss, "addressable_data") else loss
    params = {
        p.name: np.asarray(p.value().addressable_data(0)).tolist() for p in net.get_parameters()
    }
    print(
        "RESULT "
        + json.dumps(
            {
                "rank": rank,
                "size": size,
                "loss": float(local),
                "local_rank": communication.get_local_rank(),
                "params": params,
            }
        )
    )
    sys.stdout.flush()
    communication.release()


if __name__ == "__main__":
    main()
