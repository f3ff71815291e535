"""A REST framework ViewSet provisioning devices: perform_create and perform_update are given
the serializer bound to the client's data, whose declared fields decide what each item holds."""

import os
import subprocess  # expect: B404

from rest_framework import serializers, viewsets


class DeviceSerializer(serializers.Serializer):
    hostname = serializers.CharField(max_length=255)
    port = serializers.IntegerField(min_value=1, max_value=65535)
    profile = serializers.ChoiceField(choices=["minimal", "standard", "full"])


class DeviceViewSet(viewsets.ModelViewSet):
    serializer_class = DeviceSerializer

    def perform_create(self, serializer):
        device = serializer.validated_data
        os.system("nmap -sV " + device["hostname"])  # expect: B605:HIGH<19
        os.system("nc -z 127.0.0.1 %d" % device["port"])  # expect: B605:LOW
        subprocess.run(f"/opt/provision/{device['profile']}.sh", shell=True)  # expect: B602:LOW
        serializer.save()

    def perform_update(self, serializer):
        # a field the serializer does not declare: what fills it is not seen (MEDIUM)
        os.system("logger updated " + serializer.validated_data["notes"])  # expect: B605:MEDIUM<26
        serializer.save()
