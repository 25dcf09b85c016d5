"""A worker's broker connection lost and made again, on a real redis-server.

The Celery worker acknowledges a task when it ends (late acks). A task that ends
after the connection it came on is gone is acknowledged through that closed
channel: kombu's Redis transport then killed the worker ("Unrecoverable error:
AttributeError: 'NoneType' object has no attribute 'client'"), seen in the
outage test when Redis is killed and started again. `tournament.config.celery` lets such
a message go instead; Redis hands it out again after its visibility timeout.
"""

from __future__ import annotations

import pytest
from kombu import Connection, Exchange, Queue

from tournament.config.celery import app

pytestmark = pytest.mark.system


def _taken_message(redis_url: str):
    """A message taken (not yet acknowledged) on a connection, and that connection."""
    connection = Connection(redis_url, transport_options=app.conf.broker_transport_options)
    queue = Queue("broker-lost", Exchange("broker-lost"), "broker-lost")
    with connection.Producer() as producer:
        producer.publish({"task": "seat"}, exchange=queue.exchange, routing_key="broker-lost",
                         declare=[queue], serializer="json")
    channel = connection.channel()
    message = queue(channel).get(no_ack=False)
    assert message is not None and message.payload == {"task": "seat"}
    return connection, message


def test_a_task_ending_after_its_connection_is_gone_does_not_kill_the_worker(redis_server):
    connection, message = _taken_message(redis_server.url)
    redis_server.kill()
    connection.close()  # what the worker does when it finds Redis gone
    redis_server.start()

    message.ack()  # the task ended: no AttributeError

    assert message.acknowledged
    # The worker goes on: a new connection to the Redis that came back works.
    with Connection(redis_server.url) as fresh:
        assert fresh.default_channel.client.ping()


def test_a_task_rejected_after_its_connection_is_gone_does_not_kill_the_worker(redis_server):
    connection, message = _taken_message(redis_server.url)
    connection.close()

    message.reject(requeue=True)

    assert message.acknowledged


def test_an_acknowledgement_on_a_live_connection_still_removes_the_message(redis_server):
    connection, message = _taken_message(redis_server.url)
    try:
        message.ack()
        client = connection.default_channel.client
        assert client.hlen("unacked") == 0
        assert client.zcard("unacked_index") == 0
    finally:
        connection.close()
